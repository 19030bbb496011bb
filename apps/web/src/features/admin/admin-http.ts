import type { ApiErrorItem } from '@casino/contracts/errors';
import { ApiError, createHttpClient } from '../../lib/http-client';

/**
 * The back office's API (/api/admin), a configuration of the web app's one HTTP client
 * (lib/http-client.ts). Apart from the player's: an operator's 401 must not clear a player's
 * stored state or reload the lobby; it brings back the operator sign-in, through the handler the
 * admin app installs.
 */
export const ADMIN_API = '/api/admin';

export class AdminApiError extends ApiError {
  constructor(status: number, errors: ApiErrorItem[]) {
    super(status, errors);
    this.name = 'AdminApiError';
  }

  /** Field messages of a 400, by field ('body.reason' -> 'reason'). */
  get fieldMessages(): Record<string, string> {
    const issues = (this.errors[0]?.details as { issues?: { field: string; message: string }[] } | undefined)?.issues ?? [];
    return Object.fromEntries(issues.map((issue) => [issue.field.split('.').slice(1).join('.'), issue.message]));
  }
}

let onSessionLost: ((error: AdminApiError) => void) | undefined;

/** The admin app shows the sign-in again when an operator request answers 401. */
export function setAdminSessionLostHandler(handler: ((error: AdminApiError) => void) | undefined): void {
  onSessionLost = handler;
}

/** Requests with `quiet: true` take a 401 as an answer, not a lost session (the who-am-I probe, the sign-in steps). */
export const adminHttp = createHttpClient({
  base: ADMIN_API,
  credentials: 'same-origin',
  toError: (status, errors) => new AdminApiError(status, errors),
  describeFailure: (status) =>
    status === 0
      ? 'The server cannot be reached. Check your connection and try again.'
      : `The server answered HTTP ${status}. Please try again.`,
  onFailure: (error) => {
    if (error.status === 401) onSessionLost?.(error);
  },
});

/** What to show for a failed request, in words. */
export function adminErrorText(error: unknown): string {
  if (error instanceof AdminApiError) {
    if (error.status === 403) return 'Your roles do not allow this. Ask an admin if you need it.';
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
