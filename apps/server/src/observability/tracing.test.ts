import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isolatedDatabase } from '../test/isolated-server.js';
import { killAllServerProcesses, startServerProcess } from '../test/server-processes.js';
import { tracingWanted } from './tracing.js';

/**
 * Tracing, switched on by the standard OTLP variables: a server process sends its spans to a
 * collector (here, a server of the test's that reads OTLP/HTTP JSON): the requests it answers,
 * named by route, with the request id; its SQL on PostgreSQL; and its calls to outside services.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const ENTRY = path.resolve(here, '../test/traced-server-process.ts');

interface Span {
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string } }[];
}

const servers: Server[] = [];
afterAll(async () => {
  killAllServerProcesses();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

/** The collector: keeps every span exported to it; also answers the process's outside call. */
async function collector(): Promise<{ url: string; spans: Span[] }> {
  const spans: Span[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const batch = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] };
        for (const resource of batch.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, spans };
}

const attribute = (span: Span, key: string) => span.attributes.find((one) => one.key === key)?.value.stringValue;

describe('tracing', () => {
  it('is off unless an OTLP endpoint is named, and OTEL_SDK_DISABLED turns it off', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });

  it('exports spans of the requests answered, their SQL and the outside calls', { timeout: 90_000 }, async () => {
    const { url, spans } = await collector();
    const target = await isolatedDatabase('tracing', { suffix: 'tracing' });
    const server = await startServerProcess(
      'traced',
      0,
      {
        APP_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...target.serverEnv,
        DATA_DIR: target.dataDir,
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${url}/v1/traces`,
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        TRACE_PROBE_URL: url,
      },
      { entry: ENTRY },
    );
    const { baseUrl } = server;
    const answer = await fetch(`${baseUrl}/api/v1/user/site-config`, { headers: { 'x-request-id': 'trace-probe-0001' } });
    expect(answer.status).toBe(200);

    const named = (name: string) => spans.find((span) => span.name === name);
    await expect.poll(() => named('GET /api/v1/user/site-config'), { timeout: 20_000 }).toBeDefined();
    const request = named('GET /api/v1/user/site-config')!;
    expect(attribute(request, 'http.route')).toBe('/api/v1/user/site-config');
    expect(attribute(request, 'casino.request_id')).toBe('trace-probe-0001');
    // The outside call: a client span of fetch (undici) to the vendor's address.
    const outside = spans.find((span) => attribute(span, 'url.full') === `${url}/vendor-probe`);
    expect(outside?.kind).toBe(3);
    if (target.databaseUrl) {
      await expect
        .poll(() =>
          spans.some((span) => attribute(span, 'db.system.name') === 'postgresql' || attribute(span, 'db.system') === 'postgresql'),
        )
        .toBe(true);
    }
    await server.kill('SIGTERM');
  });
});
