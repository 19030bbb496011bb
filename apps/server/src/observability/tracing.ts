import { register } from 'node:module';

/**
 * OpenTelemetry tracing (docs/operations.md 'Traces and logs'): off unless the standard OTLP
 * variables name a collector (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
 * OTEL_SDK_DISABLED=true turns it off again). Every other OTEL_ variable of the specification is
 * the SDK's: service name, sampler, protocol, headers. Spans: the HTTP requests the server answers
 * (named by their route, route-spans.ts), its SQL (pg), Redis, and the calls it makes to outside
 * services (fetch, the vendors' clients). Metrics stay Prometheus's (metrics.ts) and logs stay
 * pino's, so the SDK exports traces only unless OTEL_METRICS_EXPORTER or OTEL_LOGS_EXPORTER say
 * otherwise.
 *
 * It must start before the libraries it instruments are loaded: main.ts starts it, then imports
 * the server.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Starts tracing when wanted; answers how to flush and stop it, or null when it is off. */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | null> {
  if (!tracingWanted(env)) return null;
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  env.OTEL_SERVICE_NAME ??= 'casino-server';
  // The server is ES modules: their imports of pg and ioredis pass through this hook, which lets
  // the instrumentations wrap them (CommonJS requires are wrapped without it).
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg', 'ioredis', 'node:http', 'http'] } });
  const [{ NodeSDK }, { HttpInstrumentation }, { UndiciInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
    ]);
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        // Health checks and scrapes every few seconds would drown the traces that matter.
        ignoreIncomingRequestHook: (request) => ['/healthz', '/readyz', '/metrics'].includes(request.url?.split('?')[0] ?? ''),
      }),
      new UndiciInstrumentation(),
      // Statements only: the values may be a player's data.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
