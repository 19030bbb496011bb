import { ConfigError } from './config.js';
import { startTracing } from './observability/tracing.js';
import { wrongRuntime } from './runtime.js';

/**
 * The server's entry (`node apps/server/dist/main.js`): tracing first, when the OTLP variables ask
 * for it, because it must see the database and HTTP libraries load; then the server (serve.ts).
 */
const runtimeProblem = wrongRuntime();
if (runtimeProblem) {
  console.error(runtimeProblem);
  process.exit(1);
}
try {
  const stopTracing = await startTracing();
  const { serve } = await import('./serve.js');
  await serve(stopTracing);
} catch (error) {
  // A configuration refused at start (a sandbox or a database role in production) is its message.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
