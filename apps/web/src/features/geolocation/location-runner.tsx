import {
  ignoredGeolocationCodes,
  type GeolocationDecision,
  type GeolocationLicense,
  type GeolocationMode,
  type GeolocationReason,
} from '@casino/contracts/geolocation';
import { errorCodes } from '@casino/contracts/errors';
import { http } from '../../lib/http';
import { useModalQueue } from '../../lib/modal-queue';
import { useAuthStore } from '../auth';
import { LocationIssueDialog, LOCATION_ISSUE_DIALOG_ID } from './components/location-issue-dialog';
import type { LocationOutcome } from './location-check';
import { SandboxGeoClient } from './sandbox-geo-client';
import { useLocationStatus } from './location-status';

/**
 * The geolocation flow of seed 000 section 4: a license is fetched and the client initialised; a
 * request is queued and run one at a time; it re-runs at the interval and on an IP change; while
 * the client is not ready it retries after 1 s. A failure or a non-zero decrypted code opens the
 * blocking Location Issue dialog (Retry runs USER_DRIVEN_RETRY), except when the server is in
 * monitor mode (development, staging); codes 614 and 700 are ignored. The server, not this code,
 * decides: it judges the packet and refuses guarded actions without a fresh pass.
 */
const NOT_READY_RETRY_MS = 1000;
const NOT_READY_ATTEMPTS = 15;

let client = new SandboxGeoClient();
let licenseLoad: Promise<void> | undefined;
let settings: Pick<GeolocationLicense, 'intervalSeconds' | 'mode'> | undefined;
let chain: Promise<unknown> = Promise.resolve();
let intervalTimer: ReturnType<typeof setTimeout> | undefined;
let lastPassAt: number | undefined;
let gameplayCounter = 0;
let checkedSinceLoad = false;
let listening = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signedIn = () => useAuthStore.getState().isAuthenticated;

function loadLicense(): void {
  if (licenseLoad) return;
  const loadingFor = client;
  licenseLoad = http
    .get<GeolocationLicense>('details/get-license-string')
    .then((license) => {
      if (loadingFor !== client) return;
      settings = { intervalSeconds: license.intervalSeconds, mode: license.mode };
      client.init(license.license);
    })
    .catch(() => undefined)
    .finally(() => {
      licenseLoad = undefined;
    });
}

function mode(): GeolocationMode {
  // Until the server has said otherwise, a failure blocks (production always enforces).
  return settings?.mode ?? 'enforce';
}

function showIssue(message: string): void {
  useLocationStatus.getState().set({ status: 'failed', message });
  if (mode() !== 'enforce') return;
  useModalQueue.getState().enqueue({
    id: LOCATION_ISSUE_DIALOG_ID,
    render: () => <LocationIssueDialog onRetry={() => runLocationCheck('USER_DRIVEN_RETRY')} />,
  });
}

function passed(): void {
  lastPassAt = Date.now();
  useLocationStatus.getState().set({ status: 'passed', message: null });
  useModalQueue.getState().close(LOCATION_ISSUE_DIALOG_ID);
  clearTimeout(intervalTimer);
  const seconds = settings?.intervalSeconds;
  if (seconds) intervalTimer = setTimeout(() => void runLocationCheck('INTERVAL'), seconds * 1000);
}

async function perform(reason: GeolocationReason): Promise<LocationOutcome> {
  for (let attempt = 0; !client.isReady(); attempt += 1) {
    if (!signedIn()) return 'ignored';
    if (attempt >= NOT_READY_ATTEMPTS) {
      showIssue('The location service is not available.');
      return 'failed';
    }
    loadLicense();
    await licenseLoad;
    if (!client.isReady()) await sleep(NOT_READY_RETRY_MS);
  }
  useLocationStatus.getState().set({ status: 'checking', message: null });
  const result = await client.request(reason);
  if ('errorCode' in result) {
    if (ignoredGeolocationCodes.includes(result.errorCode)) {
      useLocationStatus.getState().set({ status: 'idle', message: null });
      return 'ignored';
    }
    showIssue(result.message);
    return 'failed';
  }
  let decision: GeolocationDecision;
  try {
    decision = await http.get<GeolocationDecision>('details/decrypt-geocomply-data', { token: result.packet });
  } catch (error) {
    showIssue(error instanceof Error ? error.message : 'The location could not be verified.');
    return 'failed';
  }
  settings = { intervalSeconds: decision.intervalSeconds, mode: decision.mode };
  if (decision.allowed) {
    passed();
    return 'passed';
  }
  if (ignoredGeolocationCodes.includes(decision.errorCode)) return 'ignored';
  showIssue(decision.errorMessage ?? 'This application might not be available in your region.');
  return 'failed';
}

function listen(): void {
  if (listening) return;
  listening = true;
  // A new network (often a new address) makes the last result count for nothing on the server.
  window.addEventListener('online', () => {
    if (signedIn()) void runLocationCheck('IPCHANGE');
  });
  // Timers sleep in background tabs: coming back after the interval checks at once.
  document.addEventListener('visibilitychange', () => {
    const seconds = settings?.intervalSeconds;
    if (document.visibilityState !== 'visible' || !signedIn() || !seconds || lastPassAt === undefined) return;
    if (Date.now() - lastPassAt >= seconds * 1000) void runLocationCheck('POST_INTERVAL_FOREGROUND');
  });
}

export function runLocationCheck(reason: GeolocationReason): Promise<LocationOutcome> {
  listen();
  checkedSinceLoad = true;
  const next = chain.then(() => perform(reason));
  chain = next.catch(() => undefined);
  return next;
}

export async function checkBeforeFirstLaunch(): Promise<void> {
  if (gameplayCounter > 0) return;
  gameplayCounter += 1;
  await runLocationCheck('GAME_LAUNCHER_SWITCH');
}

export async function runStartupCheck(): Promise<void> {
  if (checkedSinceLoad) return;
  await runLocationCheck('LOGIN');
}

export function handleRefusal(details: unknown, code: number): void {
  if (code === errorCodes.LocationNotAllowed.code) {
    showIssue('This application might not be available in your region.');
    return;
  }
  const why = (details as { reason?: string } | undefined)?.reason;
  const reason: GeolocationReason = why === 'ip_changed' ? 'IPCHANGE' : why === 'stale' ? 'INTERVAL' : 'PREWAGER';
  void runLocationCheck(reason);
}

export function stop(): void {
  clearTimeout(intervalTimer);
  client = new SandboxGeoClient();
  settings = undefined;
  lastPassAt = undefined;
  gameplayCounter = 0;
  checkedSinceLoad = false;
  useLocationStatus.getState().set({ status: 'idle', message: null });
  useModalQueue.getState().close(LOCATION_ISSUE_DIALOG_ID);
}
