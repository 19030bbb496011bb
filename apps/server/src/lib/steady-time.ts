import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers, or fails, no sooner than `floorMs` after it began. Where the answer's
 * code may say whether an account exists (seed 000: 3007 at sign-up, 3053 at forgot password),
 * the time must not say more: a known e-mail does real work (an account, a token, a mail) that an
 * unknown one does not, and a floor above that work makes both take the same time. The floor only holds a request open; it never holds a lock or a connection.
 */
export async function noSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
