import { randomInt } from 'node:crypto';
import type { ApiErrorBody } from '@casino/contracts/errors';
import { PIN_HEADER, SERVED_BY_HEADER } from './load-balancer.js';

/**
 * The storm's clients talk to the load balancer only, and behave as careful clients do: a call
 * that got no answer (connection reset, timeout) or a gateway's 5xx is sent again, the same
 * request with the same idempotency key or transaction id, after a growing pause, until it is
 * answered or its deadline passes. An answer of the application (2xx, a 4xx refusal with its
 * error code, a deliberate 503) is final.
 */
export interface TrafficStats {
  /** Requests sent, retries included. */
  attempts: number;
  /** Calls that needed more than one attempt. */
  retriedCalls: number;
  /** Calls that were never answered before their deadline. */
  unanswered: number;
  /** Why attempts were retried: 'network', 'timeout', or an HTTP status. */
  retryCauses: Record<string, number>;
  /** Answers per server process (the balancer's x-served-by). */
  servedBy: Record<string, number>;
}

export function newTrafficStats(): TrafficStats {
  return { attempts: 0, retriedCalls: 0, unanswered: 0, retryCauses: {}, servedBy: {} };
}

export interface Reply<T> {
  status: number;
  data: T | undefined;
  /** The first error of an error envelope. */
  error: ApiErrorBody['errors'][number] | undefined;
  servedBy: string;
  attempts: number;
}

export interface Call {
  method?: 'GET' | 'POST' | 'PUT';
  /** Under /api/v1 unless it starts with '/'. */
  path: string;
  body?: unknown;
  /** Headers made again for every attempt (a wallet call signs each attempt afresh). */
  headers?: (path: string, body: string) => Record<string, string>;
  /** Send every attempt to this server process (the balancer's pin header). */
  pin?: string;
  /** How long to keep retrying (default 30 s). */
  deadlineMs?: number;
}

const ATTEMPT_TIMEOUT_MS = 10_000;

export class StormHttp {
  constructor(
    private readonly baseUrl: string,
    private readonly stats: TrafficStats,
    private readonly fixedHeaders: Record<string, string> = {},
  ) {}

  /** The call's reply, or undefined when it was never answered before its deadline. */
  async send<T>(call: Call): Promise<Reply<T> | undefined> {
    const path = call.path.startsWith('/') ? call.path : `/api/v1/${call.path}`;
    const body = call.body === undefined ? '' : JSON.stringify(call.body);
    const deadline = Date.now() + (call.deadlineMs ?? 30_000);
    for (let attempt = 1; ; attempt += 1) {
      this.stats.attempts += 1;
      if (attempt === 2) this.stats.retriedCalls += 1;
      let cause: string;
      try {
        const response = await fetch(new URL(path, this.baseUrl), {
          method: call.method ?? 'POST',
          headers: {
            ...this.fixedHeaders,
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(call.pin ? { [PIN_HEADER]: call.pin } : {}),
            ...call.headers?.(path, body),
          },
          body: body || undefined,
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        const text = await response.text();
        const parsed = parseJson(text) as { data?: T } & Partial<ApiErrorBody>;
        const error = parsed?.errors?.[0];
        // A gateway's 5xx carries no error envelope; an application 500 is a failure to retry too.
        if (response.status < 500 || (error && error.name !== 'InternalServerError')) {
          const servedBy = response.headers.get(SERVED_BY_HEADER) ?? '?';
          this.stats.servedBy[servedBy] = (this.stats.servedBy[servedBy] ?? 0) + 1;
          return { status: response.status, data: parsed?.data, error, servedBy, attempts: attempt };
        }
        cause = String(response.status);
      } catch (error) {
        cause = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
      }
      this.stats.retryCauses[cause] = (this.stats.retryCauses[cause] ?? 0) + 1;
      if (Date.now() >= deadline) {
        this.stats.unanswered += 1;
        return undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 50 * 2 ** attempt) + randomInt(50)));
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
