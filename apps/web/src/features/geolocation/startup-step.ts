import type { StartupStep } from '../startup';
import { startupLocationCheck, stopLocationChecks } from './location-check';

// Start-up step 6 (seed 000 section 4): the location check; its dialog appears only when the
// check fails, in turn in the modal queue.
export const steps: readonly StartupStep[] = [
  {
    order: 6,
    name: 'location check',
    run: () => startupLocationCheck(),
    reset: () => stopLocationChecks(),
  },
];
