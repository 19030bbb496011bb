/**
 * A traced server process for observability/tracing.test.ts: tracing starts first, as in main.ts;
 * the process makes one outside call through the vendors' HTTP client (to TRACE_PROBE_URL), then
 * runs as test/server-process.ts does.
 */
import { startTracing } from '../observability/tracing.js';

await startTracing();
const [{ createVendorHttp }, { z }] = await Promise.all([import('../providers/vendor-http.js'), import('zod')]);
await createVendorHttp({ vendor: 'probe', baseUrl: process.env.TRACE_PROBE_URL! }).request({
  method: 'GET',
  path: '/vendor-probe',
  schema: z.object({ ok: z.literal(true) }),
});
await import('./server-process.js');
