import { setTimeout as sleep } from 'node:timers/promises';
import { fetch, type Dispatcher } from 'undici';
import type { z } from 'zod';

/**
 * The one HTTP client of the real vendor adapters (docs/ARCHITECTURE.md 'Vendors behind
 * adapters'): JSON or form bodies, a deadline per attempt, and retries of what is safe to send
 * again (a read, or a write carrying the vendor's idempotency key) after a timeout, a lost
 * connection, a 429 or a 5xx, with the same headers and body every time. Answers are parsed with
 * the caller's schema: an answer that does not match is an error, never a guess.
 *
 * Errors name the vendor, the method, the path without its query and the status; never a
 * header, a body sent or a credential, so they can be logged as they are.
 */
export interface VendorHttpOptions {
  /** The vendor's name in errors: 'finix', 'twilio', … */
  vendor: string;
  /** The API's base address, e.g. https://finix.sandbox-payments-api.com */
  baseUrl: string;
  /** Headers of every request (authentication), made for each attempt. */
  headers?: () => Record<string, string>;
  /** Deadline of one attempt (default 10 s). */
  timeoutMs?: number;
  /** Attempts after the first for a retryable request (default 2). */
  retries?: number;
  /** Pause before the first retry, doubled for each next one (default 250 ms). */
  backoffMs?: number;
  /** Where requests go: undici's global dispatcher unless given (tests pass a MockAgent). */
  dispatcher?: Dispatcher;
}

export interface VendorRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under baseUrl, with its query if any. */
  path: string;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (repeated keys as arrays). */
  form?: Record<string, string | readonly string[]>;
  headers?: Record<string, string>;
  /** Safe to send again as it is: a read, or a write the vendor deduplicates by a key it carries. */
  retry?: boolean;
  /** The answer's shape; a 2xx answer that does not match throws VendorHttpError('malformed'). */
  schema: z.ZodType<T>;
}

export type VendorFailure = 'timeout' | 'network' | 'status' | 'malformed';

export class VendorHttpError extends Error {
  override name = 'VendorHttpError';
  constructor(
    readonly vendor: string,
    readonly kind: VendorFailure,
    message: string,
    /** The HTTP status of a 'status' or 'malformed' failure. */
    readonly status: number | null = null,
    /** The vendor's answer to a 'status' failure, parsed as JSON when it is JSON (its error codes). */
    readonly body: unknown = null,
  ) {
    super(message);
  }

  /** The vendor refused the request itself (4xx other than 429): sending it again changes nothing. */
  get refused(): boolean {
    return this.kind === 'status' && this.status !== null && this.status < 500 && this.status !== 429;
  }
}

export interface VendorHttp {
  request<T>(request: VendorRequest<T>): Promise<T>;
}

const RETRYABLE_STATUS = (status: number) => status === 429 || status >= 500;

export function createVendorHttp(options: VendorHttpOptions): VendorHttp {
  const { vendor, timeoutMs = 10_000, retries = 2, backoffMs = 250 } = options;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function attempt<T>(request: VendorRequest<T>, where: string): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.(), ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(request.form)) {
        for (const item of typeof value === 'string' ? [value] : value) params.append(key, item);
      }
      body = params.toString();
    }
    let response: Awaited<ReturnType<typeof fetch>>;
    let text: string;
    try {
      response = await fetch(`${base}${request.path}`, {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new VendorHttpError(
        vendor,
        timedOut ? 'timeout' : 'network',
        `${vendor}: ${where} ${timedOut ? 'timed out' : 'could not be sent'}`,
      );
    }
    const parsed = parseJson(text);
    if (!response.ok) {
      throw new VendorHttpError(vendor, 'status', `${vendor} answered ${response.status} to ${where}`, response.status, parsed ?? null);
    }
    const result = request.schema.safeParse(parsed ?? (text === '' ? {} : undefined));
    if (!result.success) {
      throw new VendorHttpError(vendor, 'malformed', `${vendor} answered ${where} with an unexpected body`, response.status);
    }
    return result.data;
  }

  return {
    async request(request) {
      const where = `${request.method} ${request.path.split('?')[0]}`;
      for (let tries = 0; ; tries += 1) {
        try {
          return await attempt(request, where);
        } catch (error) {
          const retryable =
            error instanceof VendorHttpError &&
            (error.kind === 'timeout' || error.kind === 'network' || (error.kind === 'status' && RETRYABLE_STATUS(error.status!)));
          if (!request.retry || !retryable || tries >= retries) throw error;
          await sleep(backoffMs * 2 ** tries);
        }
      }
    },
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
