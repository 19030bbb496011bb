import type { JobRunner } from '../jobs/job-runner.js';
import type { EventBus } from './event-bus.js';

/**
 * The outbox sweep: every few seconds (and at start) one process delivers the events that were
 * not delivered right after their commit (the process died, a subscriber failed). An event
 * written before a crash is therefore delivered after the restart.
 */
export const OUTBOX_SWEEP_SECONDS = 5;

export function defineOutboxJobs(jobs: JobRunner, bus: EventBus): void {
  jobs.define('outbox.deliver', {
    everySeconds: OUTBOX_SWEEP_SECONDS,
    handler: async () => {
      await bus.deliverDue();
    },
  });
}
