import type { GeolocationReason } from '@casino/contracts/geolocation';
import type * as LocationRunner from './location-runner';

/**
 * The location checks other features ask for (seed 000 section 4 'Geolocation'), the geolocation
 * feature's public entry (index.ts). It is small on purpose: the client library, the dialog and the API calls load on the first
 * check (location-runner.tsx), so the lobby's first page does not carry them.
 */
export type LocationOutcome = 'passed' | 'failed' | 'ignored';

type Runner = typeof LocationRunner;
let runner: Promise<Runner> | undefined;

function loadRunner(): Promise<Runner> {
  runner ??= import('./location-runner');
  return runner;
}

/** Queues a location check with a reason from the seed's list; checks run one at a time. */
export async function requestLocationCheck(reason: GeolocationReason): Promise<LocationOutcome> {
  return (await loadRunner()).runLocationCheck(reason);
}

/**
 * The first game launch of a session makes its own check (GAME_LAUNCHER_SWITCH) and counts it in
 * the geolocation-gameplay counter (seed 000 section 2 'Lobby and games'); later launches go on.
 */
export async function beforeGameLaunch(): Promise<void> {
  await (await loadRunner()).checkBeforeFirstLaunch();
}

/** Start-up queue step 6: a check for a signed-in player, unless one already ran since load. */
export async function startupLocationCheck(): Promise<void> {
  await (await loadRunner()).runStartupCheck();
}

/** The server refused an action for location (3760, 3761): check again, or show the dialog. */
export function onLocationRefused(details: unknown, code: number): void {
  void loadRunner().then((loaded) => loaded.handleRefusal(details, code));
}

/** Logout: timers stop, the dialog goes, the session's counter starts again. */
export function stopLocationChecks(): void {
  if (runner) void runner.then((loaded) => loaded.stop());
}
