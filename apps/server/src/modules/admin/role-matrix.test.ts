import { holdsRole, operatorRoles, type OperatorRole } from '@casino/contracts/admin';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { apiOperations, fillPath } from '../../test/openapi.js';
import { signedInClient } from '../../test/signed-in.js';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import { ADMIN_PREFIX, ADMIN_SESSION_COOKIE, adminScope, createAdminCore, type AdminRouteEntry } from './core.js';
import { createTestOperator, operatorClient, type TestOperator } from './test-support.js';

/**
 * The role matrix: every operator route the server registered, called by an
 * operator of every role, by a player, and by nobody. Routes come from the server's own table
 * (filled as routes register), checked against the OpenAPI document, never from a list here.
 */
const errorOf = (response: { body: unknown }) => (response.body as { errors?: { errorCode: number }[] }).errors?.[0];

let routes: readonly AdminRouteEntry[];
const operators = new Map<OperatorRole, TestOperator>();

beforeAll(async () => {
  const { app } = await testServer();
  routes = app.adminRoutes;
  for (const role of operatorRoles) operators.set(role, await createTestOperator([role]));
});

/** A request that reaches the route: a path with its parameters filled, a body where one is taken. */
function call(client: TestClient, route: AdminRouteEntry) {
  const path = fillPath(route.url.replace(/:(\w+)/g, '{$1}'), () => '987654321');
  return client.request<{ errors?: { errorCode: number }[] }>(route.method, path, route.method === 'GET' ? {} : { body: {} });
}

describe('the operator routes', () => {
  it('are every /api/admin operation of the API document, each naming who may call it', async () => {
    expect(routes.length).toBeGreaterThan(10);
    const documented = (await apiOperations()).filter((operation) => operation.path.startsWith(`${ADMIN_PREFIX}/`));
    const key = (method: string, path: string) => `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
    expect(new Set(routes.map((route) => key(route.method, route.url)))).toEqual(
      new Set(documented.map((operation) => key(operation.method, operation.path))),
    );
    const publicRoutes = routes.filter((route) => route.access === 'public').map((route) => `${route.method} ${route.url}`);
    expect(publicRoutes.sort()).toEqual([`POST ${ADMIN_PREFIX}/auth/login`, `POST ${ADMIN_PREFIX}/auth/totp`]);
  });

  it('refuses every guarded route without an operator session (401), whatever the body', async () => {
    const client = await newClient();
    for (const route of routes.filter((entry) => entry.access !== 'public')) {
      const response = await call(client, route);
      expect({ route: `${route.method} ${route.url}`, status: response.status, code: errorOf(response)?.errorCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
        code: 3002,
      });
    }
  });

  it("never lets a player's session through, in the player's cookie or in the operator's", async () => {
    const player = await signedInClient('rm');
    const token = player.client.cookie(SESSION_COOKIE)!;
    const smuggled = await newClient();
    smuggled.setCookie(ADMIN_SESSION_COOKIE, token);
    for (const route of routes.filter((entry) => entry.access !== 'public')) {
      expect((await call(player.client, route)).status, `${route.method} ${route.url} with a player session`).toBe(401);
      expect((await call(smuggled, route)).status, `${route.method} ${route.url} with a player token`).toBe(401);
    }
  });

  it.each(operatorRoles)('lets a %s operator call exactly the routes of their role (403 on the others)', async (role) => {
    const operator = operators.get(role)!;
    const outcomes: string[] = [];
    for (const route of routes.filter((entry) => entry.access !== 'public')) {
      // A session per call: the matrix includes sign-out.
      const response = await call(await operatorClient(operator), route);
      const allowed = route.access === 'signed-in' || holdsRole([role], route.access as readonly OperatorRole[]);
      const passed = response.status !== 401 && response.status !== 403;
      if (passed !== allowed || response.status >= 500)
        outcomes.push(`${route.method} ${route.url}: ${response.status} (${allowed ? 'allowed' : 'refused'} expected)`);
      if (!allowed) expect(errorOf(response)?.errorCode).toBe(3003);
    }
    expect(outcomes).toEqual([]);
  });

  it('keeps least privilege: operators management for admins only, no player data or audit for content, webhook replay for payments', () => {
    const allowedFor = (role: OperatorRole) =>
      routes.filter((route) => route.access !== 'public' && (route.access === 'signed-in' || holdsRole([role], route.access)));
    for (const role of operatorRoles.filter((candidate) => candidate !== 'admin')) {
      expect(allowedFor(role).filter((route) => route.url.startsWith(`${ADMIN_PREFIX}/operators`))).toEqual([]);
    }
    expect(
      allowedFor('content')
        .map((route) => route.url)
        .filter((url) => /\/(players|audit)/.test(url)),
    ).toEqual([]);
    expect(allowedFor('admin')).toHaveLength(routes.filter((route) => route.access !== 'public').length);
    // Replaying a provider's webhook runs its money handler: the payments desk's alone.
    expect(
      routes
        .filter((route) => route.url.startsWith(`${ADMIN_PREFIX}/money/webhooks`))
        .map((route) => [route.method, route.url, route.access]),
    ).toEqual([
      ['GET', `${ADMIN_PREFIX}/money/webhooks`, ['payments']],
      ['POST', `${ADMIN_PREFIX}/money/webhooks/:webhookId/replay`, ['payments']],
    ]);
  });

  it('refuses to start with an operator route that names no role', async () => {
    const { database, config } = await testServer();
    const ctx = { db: database.db, config } as unknown as AppContext;
    const app = Fastify();
    const start = async () => {
      await app.register(
        adminScope(ctx, createAdminCore(ctx), [
          (desk) => {
            desk.get('/forgotten', async () => ({ data: 'everyone' }));
          },
        ]),
        { prefix: ADMIN_PREFIX },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(`GET ${ADMIN_PREFIX}/forgotten: every operator route names who may call it (kit.requireRole)`);
    await app.close().catch(() => undefined);
  });
});
