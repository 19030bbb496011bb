import { geolocationModes, type GeolocationMode } from '@casino/contracts/geolocation';
import { siteConfigKeys } from '@casino/contracts/site-config';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { siteConfig } from '../../db/schema/index.js';

/**
 * The location gate's mode (docs/decisions/015): enforce or monitor, set by an
 * operator in the site configuration (GEOLOCATION_ENFORCEMENT); until one does, the server's
 * GEOLOCATION setting. Production is always enforce, whatever is stored.
 *
 * Read on every guarded request, so it is kept in memory: loaded at start, set at once in the
 * process that saves a change, and in every other process through a Redis channel (as the
 * catalogue cache is cleared). It is also read again in the background once `ttlMs` has passed, so
 * a change written without Redis, or by SQL by hand, applies within that time.
 */
export const GEOLOCATION_MODE_CHANNEL = 'geolocation-mode:changed';

export interface GeolocationModeSetting {
  /** The mode in force now, from memory. */
  current(): GeolocationMode;
  /** GEOLOCATION (or its default): the mode while no operator has set one. */
  readonly serverDefault: GeolocationMode;
  /** Production: always enforce, an operator cannot switch the gate off. */
  readonly locked: boolean;
  /** Reads the stored setting now (at start). */
  load(): Promise<void>;
  /** An operator's change was committed: this process at once, the others through Redis. */
  changed(mode: GeolocationMode): Promise<void>;
  close(): Promise<void>;
}

export function isGeolocationMode(value: unknown): value is GeolocationMode {
  return (geolocationModes as readonly unknown[]).includes(value);
}

export function createGeolocationModeSetting({
  db,
  config,
  redis,
  ttlMs = 60_000,
  now = Date.now,
}: {
  db: Database;
  config: Config;
  redis?: Redis | undefined;
  ttlMs?: number;
  now?: () => number;
}): GeolocationModeSetting {
  const serverDefault = config.geolocationMode;
  const locked = config.isProduction;
  let mode: GeolocationMode = serverDefault;
  let loadedAt = now();
  let reading: Promise<void> | undefined;

  const set = (value: GeolocationMode) => {
    mode = value;
    loadedAt = now();
  };

  async function load(): Promise<void> {
    const [row] = await db
      .select({ value: siteConfig.value })
      .from(siteConfig)
      .where(eq(siteConfig.key, siteConfigKeys.geolocationEnforcement));
    set(isGeolocationMode(row?.value) ? row.value : serverDefault);
  }

  // A connection of its own: a subscribed Redis connection can do nothing else.
  const subscriber = redis?.duplicate();
  if (subscriber) {
    subscriber.on('message', (channel, message) => {
      if (channel === GEOLOCATION_MODE_CHANNEL && isGeolocationMode(message)) set(message);
    });
    subscriber.on('error', () => undefined);
    void subscriber.subscribe(GEOLOCATION_MODE_CHANNEL).catch(() => undefined);
  }

  return {
    serverDefault,
    locked,
    current() {
      if (locked) return 'enforce';
      if (now() - loadedAt > ttlMs && !reading) {
        // The stale value answers this request; the next ones get the fresh one.
        reading = load()
          .catch(() => undefined)
          .finally(() => {
            reading = undefined;
          });
      }
      return mode;
    },
    load,
    async changed(value) {
      set(value);
      if (redis) await redis.publish(GEOLOCATION_MODE_CHANNEL, value).catch(() => undefined);
    },
    async close() {
      if (subscriber) subscriber.disconnect();
    },
  };
}
