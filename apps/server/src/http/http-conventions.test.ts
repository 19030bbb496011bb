import { describe, expect, it } from 'vitest';
import { newClient } from '../test/api.js';
import { testServer } from '../test/harness.js';

describe('HTTP conventions', () => {
  it('answers an unknown /api path with 404 in the error envelope', async () => {
    const client = await newClient();
    const response = await client.get('no/such/route');
    expect(response.status).toBe(404);
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3001, name: 'NotFound' });
  });

  it('answers malformed JSON with 400 in the error envelope, not 500', async () => {
    const { baseUrl } = await testServer();
    const response = await fetch(`${baseUrl}/api/v1/user/site-config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    });
    expect([400, 404]).toContain(response.status);
    const body = (await response.json()) as { errors: { errorCode: number }[] };
    expect(body.errors[0]?.errorCode).toBeTypeOf('number');
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const { baseUrl } = await testServer();
    const response = await fetch(`${baseUrl}/api/v1/user/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { errors: { errorCode: number }[] };
    expect(body.errors[0]?.errorCode).toBe(3010);
  });

  it('sends security headers', async () => {
    const client = await newClient();
    const response = await client.get('user/site-config');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('reports liveness and database readiness', async () => {
    const client = await newClient();
    expect((await client.get('/healthz')).status).toBe(200);
    const ready = await client.get<{ status: string; database: string }>('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('serves the OpenAPI document', async () => {
    const client = await newClient();
    const response = await client.get<{ openapi: string; paths: Record<string, unknown> }>('/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toContain('/api/v1/user/site-config');
  });
});
