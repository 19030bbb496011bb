import type { ApiSuccess } from '@casino/contracts/envelope';
import { errorCodes, sessionEndedCodes, type ApiErrorBody, type ApiErrorItem } from '@casino/contracts/errors';

const locationRefusalCodes: readonly number[] = [errorCodes.LocationCheckRequired.code, errorCodes.LocationNotAllowed.code];

/**
 * The typed HTTP client of the web app. It sends cookies, unwraps the `{ data, message }`
 * envelope and turns failures into ApiError. What a failure means for the session (seed 000
 * section 8: 401, 403, 3008/3082, 504) is decided here, in one place, through the handlers the
 * app installs at start-up (so this file knows nothing of stores or routers).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  /**
   * The session handlers below already told the player what this failure means (401, 403,
   * 3008/3082): callers show nothing more, so a 401 toasts once, not once per request.
   */
  sessionHandled = false;

  constructor(status: number, errors: ApiErrorItem[]) {
    super(errors[0]?.description ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  get code(): number | undefined {
    return this.errors[0]?.errorCode;
  }

  hasCode(code: number): boolean {
    return this.errors.some((error) => error.errorCode === code);
  }
}

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

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Skip the global session handling (e.g. the profile probe at start-up). */
  quiet?: boolean;
}

export const API_BASE = '/api/v1';

function buildUrl(path: string, query?: Query): string {
  const url = new URL(`${API_BASE}/${path.replace(/^\//, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
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

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
  const init: RequestInit = { method, credentials: 'include', signal: options.signal ?? null, headers: {} };
  if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { 'content-type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), init);
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiError(0, [{ errorCode: 0, name: 'NetworkError', description: 'Unable to reach the server. Check your connection.' }]);
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
    const error = new ApiError(
      response.status,
      errors.length > 0
        ? errors
        : [{ errorCode: 0, name: 'HttpError', description: response.status === 504 ? 'Request timeout' : response.statusText }],
    );
    if (!options.quiet) dispatchFailure(error);
    throw error;
  }
  return body as ApiSuccess<T>;
}

export const http = {
  get: async <T>(path: string, query?: Query, signal?: AbortSignal) => (await request<T>('GET', path, { query, signal })).data,
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};

/** Whether the session handlers already dealt with this failure (nothing more to show). */
export function isSessionHandled(error: unknown): boolean {
  return error instanceof ApiError && error.sessionHandled;
}

/** The first error's description, for toasts ('Other errors: toast with the server description'). */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.errors[0]?.description ?? fallback;
  return fallback;
}
