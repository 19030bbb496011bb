import type { ApiErrorBody, ApiErrorItem } from '@casino/contracts/errors';

/**
 * The back office's HTTP client (/api/admin). Separate from the player's (lib/http.ts): an
 * operator's 401 must not clear a player's stored state or reload the lobby; it brings back the
 * operator sign-in, through the handler the admin app installs.
 */
export const ADMIN_API = '/api/admin';

export class AdminApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];

  constructor(status: number, errors: ApiErrorItem[]) {
    super(errors[0]?.description ?? `The request failed (HTTP ${status}).`);
    this.name = 'AdminApiError';
    this.status = status;
    this.errors = errors;
  }

  get code(): number | undefined {
    return this.errors[0]?.errorCode;
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

type QueryValue = string | number | boolean | null | undefined;

export interface AdminRequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 is an answer, not a lost session (the who-am-I probe, the sign-in steps). */
  quiet?: boolean;
}

export async function adminRequest<T>(
  method: string,
  path: string,
  options: AdminRequestOptions = {},
): Promise<{ data: T; message?: string }> {
  const url = new URL(`${ADMIN_API}/${path.replace(/^\//, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  let response: Response;
  try {
    response = await fetch(url.pathname + url.search, {
      method,
      credentials: 'same-origin',
      signal: options.signal ?? null,
      // A FormData body (an upload) sets its own multipart content type and boundary.
      headers: options.body === undefined || options.body instanceof FormData ? {} : { 'content-type': 'application/json' },
      body: options.body === undefined ? null : options.body instanceof FormData ? options.body : JSON.stringify(options.body),
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new AdminApiError(0, [
      { errorCode: 0, name: 'NetworkError', description: 'The server cannot be reached. Check your connection and try again.' },
    ]);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {};
  }
  if (!response.ok) {
    const errors = (body as Partial<ApiErrorBody>).errors ?? [];
    const error = new AdminApiError(
      response.status,
      errors.length > 0
        ? errors
        : [{ errorCode: 0, name: 'HttpError', description: `The server answered HTTP ${response.status}. Please try again.` }],
    );
    if (response.status === 401 && !options.quiet) onSessionLost?.(error);
    throw error;
  }
  return body as { data: T; message?: string };
}

export const adminHttp = {
  get: async <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    (await adminRequest<T>('GET', path, { query, ...(signal ? { signal } : {}) })).data,
  post: <T>(path: string, body?: unknown) => adminRequest<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => adminRequest<T>('PUT', path, { body }),
};

/** What to show for a failed request, in words. */
export function adminErrorText(error: unknown): string {
  if (error instanceof AdminApiError) {
    if (error.status === 403) return 'Your roles do not allow this. Ask an admin if you need it.';
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
