import type { PlayerProfile } from '@casino/contracts/profile';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore, useProfile } from '../auth';
import { startupSteps, type StartupStep } from './registry';

let startedFor: number | undefined;

function isSignedInAs(userId: number): boolean {
  const { isAuthenticated, user } = useAuthStore.getState();
  return isAuthenticated && user?.userId === userId;
}

export async function runStartupQueue(
  profile: PlayerProfile,
  queryClient: QueryClient,
  steps: readonly StartupStep[] = startupSteps(),
): Promise<void> {
  const stillWanted = () => isSignedInAs(profile.userId);
  for (const step of steps) {
    if (!stillWanted()) return;
    await step.run({ profile, queryClient, stillWanted }).catch(() => undefined);
  }
}

/**
 * The start-up queue (seed 000 section 4): once the signed-in player's profile has loaded, the
 * steps the features give (each feature's `startup-step.ts`, loaded by registry.ts without a list)
 * run in order, each queueing its dialog in the modal portal, which shows one at a time:
 *   1. the e-mail verification prompt (features/auth's AuthDialogs, at once when the profile
 *      arrives, so it always comes first);
 *   2. the daily bonus; 3. the welcome bonus (features/bonus);
 *   4. the complete-profile modal (features/account);
 *   5. the lobby popups (features/popups);
 *   6. the location check (features/geolocation);
 *   7. the flash-sale offers (features/store/offers).
 * It runs once per player per page load, and again after a login as another player; a step that
 * fails is skipped and the next still runs.
 */
export function StartupQueue() {
  const userId = useAuthStore((state) => (state.isAuthenticated ? state.user?.userId : undefined));
  const queryClient = useQueryClient();
  const { data: profile } = useProfile();

  useEffect(() => {
    if (userId === undefined) {
      // Logged out: a dialog still waiting in the queue is no longer anyone's.
      startedFor = undefined;
      for (const step of startupSteps()) step.reset?.();
      return;
    }
    if (!profile || profile.userId !== userId || startedFor === userId) return;
    startedFor = userId;
    void runStartupQueue(profile, queryClient);
  }, [userId, profile, queryClient]);

  return null;
}
