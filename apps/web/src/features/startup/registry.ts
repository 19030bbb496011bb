import type { PlayerProfile } from '@casino/contracts/profile';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The start-up queue's steps (seed 000 section 4), given by the features they belong to: each
 * feature has a `startup-step.ts` whose `steps` this file loads, without a list. Steps run in
 * `order`, one after the other; each queues its dialog in the modal portal, which shows one at a
 * time. A step file imports only this file's types, so loading the steps makes no import cycle.
 */
export interface StartupContext {
  profile: PlayerProfile;
  queryClient: QueryClient;
  /** False once the player signed out or another player signed in: queue nothing more. */
  stillWanted: () => boolean;
}

export interface StartupStep {
  /** The seed's merged order: 1 e-mail prompt, 2 daily bonus, 3 welcome bonus, 4 complete profile, 5 lobby popups, 6 location check, 7 offers. */
  order: number;
  name: string;
  run(context: StartupContext): Promise<void>;
  /** Signed out: take back whatever this step queued. */
  reset?(): void;
}

const steps: readonly StartupStep[] = Object.values(
  import.meta.glob<readonly StartupStep[]>('../**/startup-step.ts', { eager: true, import: 'steps' }),
)
  .flat()
  .sort((a, b) => a.order - b.order);

export function startupSteps(): readonly StartupStep[] {
  return steps;
}
