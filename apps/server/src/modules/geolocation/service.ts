import {
  geolocationResultCodes,
  geolocationTexts,
  type GeolocationDecision,
  type GeolocationLicense,
  type GeolocationMode,
} from '@casino/contracts/geolocation';
import { siteConfigKeys } from '@casino/contracts/site-config';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { geolocationChecks } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { GeolocationProvider, LocationPacket } from '../../providers/geolocation/geolocation-provider.js';
import type { SiteConfigService } from '../site-config/service.js';
import type { GeolocationModeSetting } from '../../kernel/location-gate/mode.js';
import type { Requester } from '../../kernel/location-gate/gate.js';

/** US states where US sweepstakes casinos do not offer play; site config BLOCKED_REGIONS overrides. */
export const DEFAULT_BLOCKED_REGIONS = ['ID', 'MI', 'NV', 'WA'];

export interface GeolocationService {
  readonly mode: GeolocationMode;
  license(requester: Requester): GeolocationLicense;
  /** Decrypts, verifies and judges a packet, and records the decision. */
  decrypt(requester: Requester, token: string): Promise<GeolocationDecision>;
}

function parseRegions(value: string | undefined): string[] {
  if (value === undefined) return DEFAULT_BLOCKED_REGIONS;
  return value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
}

/** Allowed only inside a US state that is not on the blocked list. */
function judge(packet: LocationPacket, blocked: string[]): { errorCode: number; errorMessage: string | null } {
  if (packet.vendorCode !== geolocationResultCodes.allowed) {
    return { errorCode: packet.vendorCode, errorMessage: geolocationTexts.locationUnavailable };
  }
  if (packet.region === null || packet.country !== 'US') {
    return { errorCode: geolocationResultCodes.outsideCountry, errorMessage: geolocationTexts.outsideCountry };
  }
  if (blocked.includes(packet.region))
    return { errorCode: geolocationResultCodes.regionNotAllowed, errorMessage: geolocationTexts.regionNotAllowed };
  return { errorCode: geolocationResultCodes.allowed, errorMessage: null };
}

export function createGeolocationService(
  db: Database,
  config: Config,
  provider: GeolocationProvider | undefined,
  siteConfig: SiteConfigService,
  modeSetting: Pick<GeolocationModeSetting, 'current'>,
): GeolocationService {
  const intervalSeconds = config.GEOLOCATION_INTERVAL_SECONDS;

  /** A packet that could not be used is kept too: forgeries and replays are what an audit looks for. */
  async function reject(requester: Requester, error: AppError, packet?: LocationPacket): Promise<never> {
    const mode = modeSetting.current();
    await db.insert(geolocationChecks).values({
      userId: requester.userId,
      sessionId: requester.sessionId,
      reason: packet?.reason ?? 'UNKNOWN',
      result: 'rejected',
      errorCode: error.toBody().errors[0]!.errorCode,
      region: packet?.region ?? null,
      country: packet?.country ?? null,
      ip: requester.ip,
      mode,
      locatedAt: packet?.locatedAt ?? null,
    });
    throw error;
  }

  return {
    get mode() {
      return modeSetting.current();
    },

    license(requester) {
      const mode = modeSetting.current();
      if (!provider) throw new AppError('ServiceUnavailable', 'The location service is not available.');
      const grant = provider.issueLicense({ userId: requester.userId, sessionId: requester.sessionId });
      return { license: grant.license, expiresAt: grant.expiresAt.toISOString(), intervalSeconds, mode };
    },

    async decrypt(requester, token) {
      if (!provider) throw new AppError('ServiceUnavailable', 'The location service is not available.');
      const reading = provider.readPacket(token);
      if (!reading.ok) {
        return reject(requester, new AppError(reading.problem === 'expired' ? 'GeolocationPacketExpired' : 'GeolocationPacketInvalid'));
      }
      const { packet } = reading;
      // A packet is bound to the login session whose license made it, and to the address it was made from.
      if (packet.userId !== requester.userId || packet.sessionId !== requester.sessionId) {
        return reject(requester, new AppError('GeolocationPacketInvalid', 'This location result belongs to another session.'), packet);
      }
      if (packet.ip !== requester.ip) {
        return reject(
          requester,
          new AppError('GeolocationPacketInvalid', 'This location result came from another network address.'),
          packet,
        );
      }
      const verdict = judge(packet, parseRegions(await siteConfig.get(siteConfigKeys.blockedRegions)));
      const mode = modeSetting.current();
      const allowed = verdict.errorCode === geolocationResultCodes.allowed;
      const [recorded] = await db
        .insert(geolocationChecks)
        .values({
          userId: requester.userId,
          sessionId: requester.sessionId,
          packetId: packet.packetId,
          reason: packet.reason,
          result: allowed ? 'allowed' : 'blocked',
          errorCode: verdict.errorCode,
          region: packet.region,
          country: packet.country,
          ip: requester.ip,
          mode,
          locatedAt: packet.locatedAt,
        })
        .onConflictDoNothing({ target: geolocationChecks.packetId })
        .returning({ id: geolocationChecks.id });
      // The packet id is taken: this packet was decided before.
      if (!recorded) return reject(requester, new AppError('GeolocationPacketReplayed'), packet);
      return {
        allowed,
        ...verdict,
        region: packet.region,
        country: packet.country,
        reason: packet.reason,
        intervalSeconds,
        mode,
      };
    },
  };
}
