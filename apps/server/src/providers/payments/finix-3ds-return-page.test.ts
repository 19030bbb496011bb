import vm from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FINIX_3DS_RETURN_PATH, finixThreeDSecureReturnPage } from './finix-3ds-return-page.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function server() {
  app = Fastify();
  await app.register(finixThreeDSecureReturnPage);
  return app;
}

/** Runs the page's script with the given frame around it; answers what it posted and whether it showed the way back. */
function run(script: string, framed: boolean) {
  const origin = 'https://casino.example';
  const posted: Array<{ message: unknown; target: string }> = [];
  const back = { hidden: true };
  const parent = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) };
  const window: Record<string, unknown> = { location: { origin } };
  window.parent = framed ? parent : window;
  vm.runInNewContext(script, { window, document: { getElementById: (id: string) => (id === 'back' ? back : null) } });
  return { posted, backShown: !back.hidden, origin };
}

describe("Finix's 3-D Secure return page", () => {
  it('hands over to the purchase dialog as the sandbox challenge page ends, at our origin only', async () => {
    const pages = await server();
    const page = await pages.inject({ method: 'GET', url: `${FINIX_3DS_RETURN_PATH}?anything=finix-adds` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`<script src="${FINIX_3DS_RETURN_PATH}.js"></script>`);
    const script = await pages.inject({ method: 'GET', url: `${FINIX_3DS_RETURN_PATH}.js` });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');

    const framed = run(script.body, true);
    expect(framed.posted).toEqual([{ message: { type: 'finix:3ds' }, target: framed.origin }]);
    expect(framed.backShown).toBe(false);
  });

  it('opened outside the dialog, posts nothing and shows the way back to the site', async () => {
    const pages = await server();
    const script = await pages.inject({ method: 'GET', url: `${FINIX_3DS_RETURN_PATH}.js` });
    const alone = run(script.body, false);
    expect(alone.posted).toEqual([]);
    expect(alone.backShown).toBe(true);
  });
});
