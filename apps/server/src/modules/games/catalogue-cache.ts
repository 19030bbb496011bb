import type { Redis } from 'ioredis';

/**
 * The catalogue's read cache: the shared part of the lobby's reads (games
 * pages, searches, sub-category rows, providers) kept in memory by query, so a read costs a map
 * look-up instead of SQL. Cleared when the catalogue changes: `changed()` clears this process at
 * once and, with Redis, every other process through a pub/sub channel. Entries also expire after
 * `ttlMs`, so a change written behind the app's back (SQL by hand) shows within that time.
 *
 * A value is cached as its promise: simultaneous misses for one key run one query. A failed load
 * is not kept.
 */
export const CATALOGUE_CHANNEL = 'catalogue:changed';

export interface CatalogueCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The catalogue changed: forget everything, here and (with Redis) in every process. */
  changed(): Promise<void>;
  /** Entries held now (tests, metrics). */
  readonly size: number;
  close(): Promise<void>;
}

export interface CatalogueCacheOptions {
  redis?: Redis | undefined;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createCatalogueCache({
  redis,
  ttlMs = 60_000,
  maxEntries = 2_000,
  now = Date.now,
}: CatalogueCacheOptions = {}): CatalogueCache {
  const entries = new Map<string, { value: Promise<unknown>; expires: number }>();
  const clear = () => entries.clear();

  // A connection of its own: a subscribed Redis connection can do nothing else.
  const subscriber = redis?.duplicate();
  if (subscriber) {
    subscriber.on('message', (channel) => {
      if (channel === CATALOGUE_CHANNEL) clear();
    });
    subscriber.on('error', () => undefined);
    void subscriber.subscribe(CATALOGUE_CHANNEL).catch(() => undefined);
  }

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        // Most recently used last: the oldest entry is the first to go when full.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = load();
      entries.set(key, { value, expires: now() + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    async changed() {
      clear();
      if (redis) await redis.publish(CATALOGUE_CHANNEL, String(now())).catch(() => undefined);
    },
    get size() {
      return entries.size;
    },
    async close() {
      clear();
      if (subscriber) subscriber.disconnect();
    },
  };
}
