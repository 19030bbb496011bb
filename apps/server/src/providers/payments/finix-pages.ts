import type { FastifyPluginAsync } from 'fastify';
import type { FinixSettings } from '../../config.js';
import { FINIX_BASE_URLS } from './finix-api.js';

/**
 * The card-field page of the purchase dialog's iframe with Finix: our page (same origin as the
 * dialog) that loads Finix.js from Finix's address and renders Finix's Payment Form, whose fields
 * live in Finix's own iframe, so a card number never reaches our server. It speaks to the dialog
 * exactly as the sandbox's card page does: on `{ type: 'finix:tokenize' }` it submits the form and
 * posts `{ type: 'finix:token', token }` (the token's id, TK…) or `{ type: 'finix:error', message }`
 * to the parent, at our origin only.
 *
 * Only this page allows Finix's script and frames (its own Content-Security-Policy); every other
 * answer keeps the site's policy.
 */
export const FINIX_CARD_FORM_PATH = '/pay/finix/card-form';
/** Where Finix.js is loaded from: Finix serves it, versioned, at js.finix.com (never self-hosted). */
export const FINIX_JS_URL = 'https://js.finix.com/v/2/finix.js';
const FINIX_JS_ORIGIN = 'https://js.finix.com';

export function cardFormPolicy(environment: FinixSettings['environment']): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${FINIX_JS_ORIGIN}`,
    `frame-src ${FINIX_JS_ORIGIN}`,
    `connect-src 'self' ${FINIX_JS_ORIGIN} ${FINIX_BASE_URLS[environment]}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function cardFormPage(settings: Pick<FinixSettings, 'environment' | 'applicationId'>): string {
  // Finix.js names its environments sandbox and prod.
  const environment = settings.environment === 'live' ? 'prod' : 'sandbox';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Card details</title><style>
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 12px; background: #17123a; color: #f4f1ff; }
  .error { color: #ff7b8a; font-size: 13px; min-height: 18px; margin-top: 8px; }
</style></head><body>
<div id="card-form" data-environment="${environment}" data-application="${escapeAttribute(settings.applicationId)}"></div>
<div class="error" id="error" role="alert"></div>
<script src="${FINIX_JS_URL}"></script>
<script src="${FINIX_CARD_FORM_PATH}.js"></script>
</body></html>`;
}

const CARD_FORM_JS = `
(function () {
  var root = document.getElementById('card-form');
  var error = document.getElementById('error');
  function reply(message) { window.parent.postMessage(message, window.location.origin); }
  function fail(message) { error.textContent = message; reply({ type: 'finix:error', message: message }); }
  if (!window.Finix || typeof window.Finix.PaymentForm !== 'function') {
    fail('The card form could not be loaded. Please try after some time');
    return;
  }
  var form = window.Finix.PaymentForm('card-form', root.getAttribute('data-environment'), root.getAttribute('data-application'), {
    paymentMethods: ['card'],
    onLoad: function () { document.body.setAttribute('data-ready', 'true'); reply({ type: 'finix:ready' }); }
  });
  window.addEventListener('message', function (event) {
    if (event.origin !== window.location.origin || event.source !== window.parent) return;
    if (!event.data || event.data.type !== 'finix:tokenize') return;
    error.textContent = '';
    form.submit(function (err, response) {
      var token = response && response.data && response.data.id;
      if (err || typeof token !== 'string') { fail('Please check your card details.'); return; }
      reply({ type: 'finix:token', token: token });
    });
  });
})();
`;

export function finixCardFormPages(settings: Pick<FinixSettings, 'environment' | 'applicationId'>): FastifyPluginAsync {
  const page = cardFormPage(settings);
  const policy = cardFormPolicy(settings.environment);
  return async (app) => {
    app.get(FINIX_CARD_FORM_PATH, { schema: { hide: true } }, async (_request, reply) => {
      // Replaces the site's policy for this answer only.
      reply.header('content-security-policy', policy).type('text/html; charset=utf-8');
      return page;
    });
    app.get(`${FINIX_CARD_FORM_PATH}.js`, { schema: { hide: true } }, async (_request, reply) => {
      reply.type('text/javascript; charset=utf-8');
      return CARD_FORM_JS;
    });
  };
}
