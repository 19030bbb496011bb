/**
 * Batches of concurrent requests for the database (docs/decisions/065):
 * work that many requests need at the same moment (a round's wallet call, a bet's game-session
 * read) goes as one statement for all of them instead of one each.
 *
 * At most `inFlight` batches are running at once. An item that arrives while they all are waits
 * for the next batch, which takes every item waiting then (at most `maxSize`); one that finds a
 * free place waits only for the end of the event loop's turn (setImmediate), so the items that
 * arrive together go together. No timer is involved: under no load an item goes at once, alone.
 */
export interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface BatchOptions {
  /** Batches running at once. */
  inFlight?: number;
  /** Items a batch takes at most. */
  maxSize?: number;
}

/**
 * `run` gets a batch and settles each of its items (resolve or reject); an item it leaves
 * unsettled is rejected, and when it throws, every item it left unsettled gets the error.
 * Answers the function that adds an item to the next batch.
 */
export function createBatches<T, R>(
  run: (batch: readonly Pending<T, R>[]) => Promise<void>,
  { inFlight = 2, maxSize = 64 }: BatchOptions = {},
): (item: T) => Promise<R> {
  const queue: Pending<T, R>[] = [];
  let running = 0;
  let scheduled = false;

  // Settling a promise twice does nothing: after the batch, rejecting every item reaches only
  // those it left unsettled.
  async function runSettled(batch: readonly Pending<T, R>[]): Promise<void> {
    let failure: unknown;
    try {
      await run(batch);
      failure = new Error('createBatches: the batch left an item unsettled');
    } catch (error) {
      failure = error;
    }
    for (const one of batch) one.reject(failure);
  }

  function dispatch(): void {
    scheduled = false;
    while (queue.length > 0 && running < inFlight) {
      running += 1;
      void runSettled(queue.splice(0, maxSize)).finally(() => {
        running -= 1;
        dispatch();
      });
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled && running < inFlight) {
        scheduled = true;
        setImmediate(dispatch);
      }
    });
}
