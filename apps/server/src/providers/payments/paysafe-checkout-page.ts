import type { FastifyPluginAsync } from 'fastify';
import { HOSTED_CHECKOUT_CLOSE_MS } from '@casino/contracts/store';
import type { PaysafeHostedCheckout } from './paysafe-checkout.js';

/**
 * The page behind the Paysafe checkout's checkoutUrl (served at /paysafe, our origin, in the
 * purchase dialog's frame): it loads Paysafe Checkout
 * (https://developer.paysafe.com/en/api-docs/paysafe-checkout/how-checkout-works/) with the public
 * key and opens it for the purchase's merchantRefNum, amount and currency. Paysafe's overlay takes
 * the card (3-D Secure included) or the e-wallet and answers a PAYABLE payment handle's token,
 * which the page hands to the dialog exactly as the sandbox's page does: postMessage
 * `paysafe:result`, then `paysafe:close` 5 s later; opened as a page, it goes to the deposit-status
 * route instead. Our server then charges the handle (paysafe-checkout.ts); the page decides nothing.
 *
 * The page's own Content-Security-Policy lets Paysafe's script, frames and calls in
 * (https://*.paysafe.com); every other page keeps the site's policy.
 */
function pagePolicy(origin: string): string {
  const paysafe = 'https://*.paysafe.com';
  return [
    "default-src 'self'",
    `script-src 'self' ${origin}`,
    `style-src 'self' 'unsafe-inline' ${origin}`,
    `img-src 'self' data: ${paysafe}`,
    `font-src 'self' data: ${origin}`,
    `connect-src 'self' ${paysafe}`,
    `frame-src ${paysafe}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const PAGE_JS = `
(function () {
  var config = JSON.parse(document.getElementById('paysafe-config').textContent);
  var q = new URLSearchParams(location.search);
  var ref = q.get('ref'), amount = Number(q.get('amount')), currency = q.get('currency');
  var inDialog = window.parent !== window;
  var told = false;
  function tell(message) { if (inDialog) window.parent.postMessage(message, location.origin); }
  function close() { if (!told) { told = true; tell({ type: 'paysafe:close', merchantRefNum: ref }); } }
  function finish(token) {
    if (!inDialog) {
      // Opened as a page: back to the merchant's return route, which asks our server.
      setTimeout(function () {
        location.href = '/user/store/deposit-status/' + (token ? 'success' : 'failed') + '?merchantRefNum=' + encodeURIComponent(ref) +
          (token ? '&paymentHandleToken=' + encodeURIComponent(token) : '');
      }, ${HOSTED_CHECKOUT_CLOSE_MS});
      return;
    }
    if (token) tell({ type: 'paysafe:result', merchantRefNum: ref, paymentHandleToken: token, status: 'PAYABLE' });
    setTimeout(close, ${HOSTED_CHECKOUT_CLOSE_MS});
  }
  if (!ref || !(amount > 0) || !currency || typeof paysafe === 'undefined') {
    document.getElementById('error').textContent = 'The checkout could not be opened. Please close this window and try again.';
    finish(null);
    return;
  }
  paysafe.checkout.setup(
    config.apiKey,
    { currency: currency, amount: amount, merchantRefNum: ref, environment: config.environment, transactionType: 'PAYMENT', locale: 'en_US' },
    function (instance, error, result) {
      if (result && result.paymentHandleToken) {
        instance.showSuccessScreen('Thank you. Your purchase is being completed.');
        finish(result.paymentHandleToken);
      } else {
        if (instance) instance.showFailureScreen('The payment was not completed. Please try again or choose another payment method.');
        finish(null);
      }
    },
    function () { close(); },
    function (instance, checkedAmount) {
      // The amount is the package's price: a changed amount is declined before anything is paid.
      if (checkedAmount === amount) instance.accept(); else instance.decline('The amount does not match your purchase.');
    }
  );
  document.body.setAttribute('data-ready', 'true');
})();
`;

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function page(checkout: PaysafeHostedCheckout): string {
  const config = escapeJson({ apiKey: checkout.page.apiKey, environment: checkout.environment });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Checkout</title>
<style>:root { color-scheme: dark; font-family: system-ui, sans-serif; } body { margin: 0; padding: 14px; background: #101827; color: #f1f5f9; } #error { color: #f87171; }</style></head><body>
<p id="error" role="alert"></p>
<script type="application/json" id="paysafe-config">${config}</script>
<script src="${checkout.page.scriptUrl}"></script>
<script src="/paysafe/checkout.js"></script></body></html>`;
}

/** The Paysafe checkout's page and script, under /paysafe. */
export const paysafeCheckoutPage: FastifyPluginAsync<{ checkout: PaysafeHostedCheckout }> = async (app, { checkout }) => {
  const html = page(checkout);
  const policy = pagePolicy(checkout.page.origin);
  app.get('/checkout', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-security-policy', policy).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html),
  );
  app.get('/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(PAGE_JS),
  );
};
