import { describe, expect, it } from 'vitest';
import { createBatches, type Pending } from './batches.js';

/** A batch function that records each batch's items and answers each item doubled, when released. */
function recorder() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (batch: readonly Pending<number, number>[]) => {
    batches.push(batch.map((one) => one.item));
    await new Promise<void>((release) => releases.push(release));
    for (const one of batch) one.resolve(one.item * 2);
  };
  return { batches, releases, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatches', () => {
  it('takes the items added in one turn of the event loop as one batch', async () => {
    const { batches, releases, run } = recorder();
    const add = createBatches(run);
    const answers = Promise.all([add(1), add(2), add(3)]);
    await turn();
    releases.forEach((release) => release());
    expect(await answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('makes the items that arrive while every place is taken wait, and sends them together next', async () => {
    const { batches, releases, run } = recorder();
    const add = createBatches(run, { inFlight: 1 });
    const first = add(1);
    await turn();
    const later = [add(2), add(3), add(4)];
    await turn();
    expect(batches).toEqual([[1]]);
    releases[0]!();
    expect(await first).toBe(2);
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases[1]!();
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
  });

  it('splits what is waiting into batches of at most maxSize, running inFlight of them at once', async () => {
    const { batches, releases, run } = recorder();
    const add = createBatches(run, { inFlight: 2, maxSize: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map(add));
    await turn();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    releases[0]!();
    await turn();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    releases[1]!();
    releases[2]!();
    expect(await answers).toEqual([2, 4, 6, 8, 10]);
  });

  it('rejects the items a failed batch left unsettled with its error, and keeps what it settled', async () => {
    const add = createBatches<number, number>(async (batch) => {
      batch[0]!.resolve(10);
      throw new Error('the statement failed');
    });
    const [settled, left] = await Promise.allSettled([add(1), add(2)]);
    expect(settled).toEqual({ status: 'fulfilled', value: 10 });
    expect(left).toMatchObject({ status: 'rejected', reason: new Error('the statement failed') });
  });

  it('rejects an item the batch forgot to settle instead of leaving it waiting', async () => {
    const add = createBatches<number, number>(async (batch) => batch[1]!.resolve(20));
    const [forgotten, settled] = await Promise.allSettled([add(1), add(2)]);
    expect(forgotten).toMatchObject({ status: 'rejected' });
    expect(settled).toEqual({ status: 'fulfilled', value: 20 });
  });
});
