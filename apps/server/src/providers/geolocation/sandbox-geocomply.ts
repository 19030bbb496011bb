import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { geolocationReasonSchema, geolocationResultCodes, type SandboxLocateBody } from '@casino/contracts/geolocation';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { GeolocationProvider, LicenseBinding, LocationPacket, PacketReading } from './geolocation-provider.js';
import { usStateAt } from './us-states.js';

/** A license lets the client library run for an hour; a packet must be decrypted within two minutes. */
export const LICENSE_TTL_MS = 60 * 60 * 1000;
export const PACKET_TTL_MS = 2 * 60 * 1000;

const packetSchema = z.object({
  packetId: z.string(),
  userId: z.number().int(),
  sessionId: z.number().int(),
  reason: geolocationReasonSchema,
  ip: z.string(),
  vendorCode: z.number().int(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  locatedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

export interface SandboxGeoComply extends GeolocationProvider {
  /**
   * The vendor's side of a request (POST /sandbox/geocomply/locate): verifies the license, places
   * the browser's position in a US state and seals the result into a packet only the casino's
   * server can open (AES-256-GCM: encrypted and authenticated, so a changed byte is refused).
   */
  locate(request: SandboxLocateBody, ip: string, now?: Date): { packet: string };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The sandbox behaves like the vendor: the license is XML with an expiry and a signature, the
 * packet is opaque to the browser, bound to one login session and short-lived. Its keys are
 * derived from the server's secret (GAME_SERVER_SECRET or the generated one), so nothing secret
 * is in the source and restarts keep outstanding licenses valid.
 */
export function createSandboxGeoComply(serverSecret: string): SandboxGeoComply {
  const licenseKey = createHmac('sha256', serverSecret).update('geolocation-sandbox:license').digest();
  const packetKey = createHmac('sha256', serverSecret).update('geolocation-sandbox:packet').digest();

  const licenseSignature = (binding: string, expiresAt: string) =>
    createHmac('sha256', licenseKey).update(`${binding}|${expiresAt}`).digest('base64url');

  function readLicense(license: string, now: Date): LicenseBinding {
    const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(license)?.[1];
    const binding = field('binding');
    const expiresAt = field('expires');
    const signature = field('signature');
    if (!binding || !expiresAt || !signature) throw new AppError('GeolocationPacketInvalid', 'The location license is not valid.');
    const expected = Buffer.from(licenseSignature(binding, expiresAt));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('GeolocationPacketInvalid', 'The location license is not valid.');
    }
    if (Date.parse(expiresAt) <= now.getTime()) throw new AppError('GeolocationPacketExpired', 'The location license has expired.');
    const [userId, sessionId] = binding.split('.').map(Number);
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(sessionId)) {
      throw new AppError('GeolocationPacketInvalid', 'The location license is not valid.');
    }
    return { userId: userId!, sessionId: sessionId! };
  }

  function seal(packet: LocationPacket): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', packetKey, iv);
    const body = JSON.stringify({ ...packet, locatedAt: packet.locatedAt.toISOString(), expiresAt: packet.expiresAt.toISOString() });
    const encrypted = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
  }

  return {
    kind: 'sandbox',

    issueLicense(binding, now = new Date()) {
      const expiresAt = new Date(now.getTime() + LICENSE_TTL_MS);
      const bound = `${binding.userId}.${binding.sessionId}`;
      const expires = expiresAt.toISOString();
      const license = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<license>',
        '  <vendor>sandbox-geocomply</vendor>',
        `  <binding>${escapeXml(bound)}</binding>`,
        `  <expires>${expires}</expires>`,
        `  <signature>${licenseSignature(bound, expires)}</signature>`,
        '</license>',
      ].join('\n');
      return { license, expiresAt };
    },

    locate(request, ip, now = new Date()) {
      const binding = readLicense(request.license, now);
      const position = request.position;
      const region = position ? usStateAt(position.latitude, position.longitude) : null;
      return {
        packet: seal({
          packetId: randomUUID(),
          ...binding,
          reason: request.reason,
          ip,
          vendorCode: position ? geolocationResultCodes.allowed : geolocationResultCodes.locationUnavailable,
          region,
          country: region ? 'US' : null,
          locatedAt: now,
          expiresAt: new Date(now.getTime() + PACKET_TTL_MS),
        }),
      };
    },

    readPacket(token, now = new Date()): PacketReading {
      let parsed: z.infer<typeof packetSchema>;
      try {
        const raw = Buffer.from(token, 'base64url');
        if (raw.length < 29) return { ok: false, problem: 'invalid' };
        const decipher = createDecipheriv('aes-256-gcm', packetKey, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const body = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        parsed = packetSchema.parse(JSON.parse(body));
      } catch {
        return { ok: false, problem: 'invalid' };
      }
      const packet: LocationPacket = { ...parsed, locatedAt: new Date(parsed.locatedAt), expiresAt: new Date(parsed.expiresAt) };
      if (packet.expiresAt.getTime() <= now.getTime()) return { ok: false, problem: 'expired' };
      return { ok: true, packet };
    },
  };
}
