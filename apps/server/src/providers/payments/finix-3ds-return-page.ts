import type { FastifyPluginAsync } from 'fastify';

/**
 * Where Finix returns the buyer after its 3-D Secure page (the session's redirect_url): our page,
 * same origin as the purchase dialog, inside the dialog's frame. It ends as the sandbox's challenge
 * page does: it posts `{ type: 'finix:3ds' }` to the parent at our origin, and the dialog's status
 * poll takes over. It says nothing of the outcome and reads nothing Finix adds to the address: the
 * payment's result comes from our server's check with Finix, never from the browser. Opened outside
 * the dialog, it links back to the site; the purchase is settled by the status job all the same.
 */
export const FINIX_3DS_RETURN_PATH = '/pay/finix/3ds-return';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Verification</title><style>
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 12px; background: #17123a; color: #f4f1ff; }
  a { color: #f5b301; }
</style></head><body>
<p id="status" role="status">Verification finished. Checking the payment…</p>
<p id="back" hidden><a href="/">Back to the site</a></p>
<script src="${FINIX_3DS_RETURN_PATH}.js"></script>
</body></html>`;

const PAGE_JS = `
(function () {
  if (window.parent === window) { document.getElementById('back').hidden = false; return; }
  window.parent.postMessage({ type: 'finix:3ds' }, window.location.origin);
})();
`;

export const finixThreeDSecureReturnPage: FastifyPluginAsync = async (app) => {
  app.get(FINIX_3DS_RETURN_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return PAGE;
  });
  app.get(`${FINIX_3DS_RETURN_PATH}.js`, { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/javascript; charset=utf-8');
    return PAGE_JS;
  });
};
