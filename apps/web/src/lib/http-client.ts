import type { ApiSuccess } from '@casino/contracts/envelope';
import type { ApiErrorBody, ApiErrorItem } from '@casino/contracts/errors';

/**
 * The web app's one HTTP client: the one place that sends a request, unwraps the
 * `{ data, message }` envelope and turns a failure (`{ errors: [...] }`, or no answer at all) into
 * an ApiError. Each API the browser talks to is a configuration of it: the player's (http.ts), the
 * back office's (features/admin/admin-http.ts) and the game server's (game/api.ts), each with its
 * own base path, credentials, error class and session handling. It is a file of its own so that
 * the game page loads the client without the player's session handling.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  /**
   * The player's session handlers (http.ts) already told the player what this failure means (401,
   * 403, 3008/3082): callers show nothing more, so a 401 toasts once, not once per request.
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

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Skip the client's failure handling (onFailure): a 401 is an answer (a sign-in step, a probe). */
  quiet?: boolean;
}

/** One API the browser talks to. */
export interface HttpClientConfig<E extends ApiError> {
  /** Where its paths start ('/api/v1'). */
  base: string;
  credentials: RequestCredentials;
  /** Headers every request carries besides the content type (the game session's token). */
  headers?: () => Record<string, string>;
  /** The error its callers catch, from the answer's status and errors. */
  toError: (status: number, errors: ApiErrorItem[]) => E;
  /** What a failure without an error body says: no answer at all (status 0), or a bare HTTP status. */
  describeFailure: (status: number, statusText: string) => string;
  /** What a failure means beyond its caller (a lost session), unless the request is quiet. */
  onFailure?: (error: E) => void;
}

export function createHttpClient<E extends ApiError>(config: HttpClientConfig<E>) {
  function buildUrl(path: string, query?: Query): string {
    const url = new URL(`${config.base}/${path.replace(/^\//, '')}`, window.location.origin);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    }
    return url.pathname + url.search;
  }

  function failure(status: number, name: string, statusText = ''): ApiErrorItem[] {
    return [{ errorCode: 0, name, description: config.describeFailure(status, statusText) }];
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
    const headers = config.headers?.() ?? {};
    const init: RequestInit = { method, credentials: config.credentials, signal: options.signal ?? null, headers };
    // A FormData body (an upload) sets its own multipart content type and boundary.
    if (options.body instanceof FormData) {
      init.body = options.body;
    } else if (options.body !== undefined) {
      init.body = JSON.stringify(options.body);
      init.headers = { ...headers, 'content-type': 'application/json' };
    }
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), init);
    } catch (cause) {
      if ((cause as Error).name === 'AbortError') throw cause;
      throw config.toError(0, failure(0, 'NetworkError'));
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
      const error = config.toError(
        response.status,
        errors.length > 0 ? errors : failure(response.status, 'HttpError', response.statusText),
      );
      if (!options.quiet) config.onFailure?.(error);
      throw error;
    }
    return body as ApiSuccess<T>;
  }

  return {
    request,
    get: async <T>(path: string, query?: Query, signal?: AbortSignal) => (await request<T>('GET', path, { query, signal })).data,
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
    delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
  };
}
