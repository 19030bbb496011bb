import Bowser from 'bowser';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { knownDevices } from '../../db/schema/index.js';
import type { UnitOfWork } from '../../events/event-bus.js';
import { hashToken, randomToken } from '../../lib/tokens.js';

/**
 * "A sign-in from a new device" (docs/decisions/062-player-mails.md). A browser is known by a
 * random id kept in a cookie of its own, which outlives sessions and sign-outs; the server keeps
 * only the id's SHA-256 per player. No fingerprint of the browser is taken: a user agent is shared
 * by millions and changes with every update, and an address changes with the network. Clearing
 * cookies or another browser profile makes a new device, which errs on the side of telling.
 */
export const DEVICE_COOKIE = 'casino_device';
/** As long as browsers keep a cookie (Chrome caps an expiry at 400 days); refreshed at each sign-in. */
const DEVICE_COOKIE_DAYS = 400;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The request's device id when its cookie holds one of ours, a new one otherwise. */
export function deviceIdOf(cookie: string | undefined): string {
  return cookie && DEVICE_ID.test(cookie) ? cookie : randomToken();
}

export function setDeviceCookie(reply: FastifyReply, config: Config, deviceId: string): void {
  void reply.setCookie(DEVICE_COOKIE, deviceId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}

/** What the mail names the browser by: "Chrome on Windows"; nothing that tells one person from another. */
export function deviceName(userAgent: string | undefined): string {
  // Bowser names what it does not recognise '' (a script, a bot): that is no name.
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  const browser = parsed?.browser.name || undefined;
  const system = parsed?.os.name || undefined;
  if (browser && system) return `${browser} on ${system}`.slice(0, 80);
  return (browser ?? system ?? 'An unknown browser').slice(0, 80);
}

/**
 * Remembers the browser a player just signed in from and, when the account has signed in before
 * from other browsers but never from this one, records NewDeviceSignIn in the same transaction
 * (the mail follows the commit). An account's first browser is not news: that is the sign-up's.
 */
export async function rememberSignInDevice(
  uow: UnitOfWork,
  userId: number,
  device: { deviceId: string; userAgent: string | undefined },
): Promise<'known' | 'first' | 'new'> {
  const deviceHash = hashToken(device.deviceId);
  const known = await uow.tx
    .update(knownDevices)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    .returning({ userId: knownDevices.userId });
  if (known.length > 0) return 'known';
  const [other] = await uow.tx.select({ userId: knownDevices.userId }).from(knownDevices).where(eq(knownDevices.userId, userId)).limit(1);
  const inserted = await uow.tx
    .insert(knownDevices)
    .values({ userId, deviceHash })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  // Two sign-ins from one new browser at once: the one that inserted tells.
  if (inserted.length === 0) return 'known';
  if (!other) return 'first';
  await uow.record({ type: 'NewDeviceSignIn', payload: { userId, device: deviceName(device.userAgent) } });
  return 'new';
}
