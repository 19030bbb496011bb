import { errorCodes, sessionEndedCodes } from '@casino/contracts/errors';
import { ApiError, createHttpClient } from './http-client';

export { ApiError };

const locationRefusalCodes: readonly number[] = [errorCodes.LocationCheckRequired.code, errorCodes.LocationNotAllowed.code];

/**
 * The player's API (/api/v1) on the one HTTP client (http-client.ts). What a failure means for the
 * session (seed 000 section 8: 401, 403, 3008/3082, 504) is decided here, in one place, through the
 * handlers the app installs at start-up (so this file knows nothing of stores or routers).
 */
export interface HttpEventHandlers {
  /** HTTP 401: the stored user is dropped and the player goes to / with the login dialog, once. */
  onUnauthorized: (error: ApiError) => void;
  /** HTTP 403: the stored user is dropped and the player goes to /. */
  onForbidden: () => void;
  /** Codes 3008 / 3082: storage cleared and / loads afresh, logged out, with the login dialog. */
  onSessionEnded: (error: ApiError) => void;
  /** HTTP 504: 'Request timeout'. */
  onTimeout: () => void;
  /** 3760 / 3761: the location gate refused the action; the location check runs again. */
  onLocationRefused?: (error: ApiError) => void;
}

let handlers: HttpEventHandlers | undefined;

export function setHttpEventHandlers(next: HttpEventHandlers): void {
  handlers = next;
}

function dispatchFailure(error: ApiError): void {
  if (!handlers) return;
  if (error.errors.some((item) => sessionEndedCodes.includes(item.errorCode))) {
    error.sessionHandled = true;
    handlers.onSessionEnded(error);
  } else if (error.status === 401) {
    error.sessionHandled = true;
    handlers.onUnauthorized(error);
  } else if (error.status === 403) {
    error.sessionHandled = true;
    handlers.onForbidden();
  } else if (error.status === 504) {
    handlers.onTimeout();
  } else if (error.errors.some((item) => locationRefusalCodes.includes(item.errorCode))) {
    handlers.onLocationRefused?.(error);
  }
}

/** The player's API (/api/v1), with the session cookie. */
export const http = createHttpClient({
  base: '/api/v1',
  credentials: 'include',
  toError: (status, errors) => new ApiError(status, errors),
  describeFailure: (status, statusText) =>
    status === 0 ? 'Unable to reach the server. Check your connection.' : status === 504 ? 'Request timeout' : statusText,
  onFailure: dispatchFailure,
});

/** Whether the session handlers already dealt with this failure (nothing more to show). */
export function isSessionHandled(error: unknown): boolean {
  return error instanceof ApiError && error.sessionHandled;
}

/** The first error's description, for toasts ('Other errors: toast with the server description'). */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.errors[0]?.description ?? fallback;
  return fallback;
}
