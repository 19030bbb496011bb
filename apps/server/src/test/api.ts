import { testServer } from './harness.js';
import { TestClient } from './http-client.js';

/** A fresh browser against the shared test server. */
export async function newClient(): Promise<TestClient> {
  const server = await testServer();
  return new TestClient(server.baseUrl);
}

let counter = 0;
/** A username no other test uses (5-15 letters or digits). */
export function uniqueName(prefix = 'p'): string {
  counter += 1;
  const random = Math.floor(performance.now() * 1000 + counter * 7919).toString(36);
  return `${prefix}${random}${counter.toString(36)}`
    .replace(/[^a-z0-9]/gi, '')
    .slice(-15)
    .padStart(5, 'x');
}
