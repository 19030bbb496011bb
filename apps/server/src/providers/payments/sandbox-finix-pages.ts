import type { FastifyPluginAsync } from 'fastify';
import { ProcessorError } from './card-processor.js';
import type { SandboxFinix } from './sandbox-finix.js';

/**
 * The sandbox processor's pages (served at /sandbox/finix, outside our API): the card-field page
 * shown in the purchase dialog's iframe, its tokenising endpoint, and the 3-D Secure challenge.
 * The pages talk to the dialog only through postMessage, as the vendor's hosted fields do.
 */
const STYLE = `
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 12px; background: #17123a; color: #f4f1ff; }
  label { display: block; font-size: 12px; color: #b9b0e6; margin: 8px 0 4px; }
  input { box-sizing: border-box; width: 100%; height: 40px; border-radius: 10px; border: 1px solid #3b3270; background: #0d0a26; color: #fff; padding: 0 12px; font-size: 15px; }
  input:focus { outline: 2px solid #f5b301; }
  .row { display: flex; gap: 8px; } .row > div { flex: 1; }
  .brand { float: right; font-size: 12px; color: #f5b301; }
  .error { color: #ff7b8a; font-size: 13px; min-height: 18px; margin-top: 8px; }
  .note { font-size: 11px; color: #8d84bf; margin-top: 6px; }
  button { height: 44px; border-radius: 12px; border: 0; font-weight: 700; padding: 0 18px; cursor: pointer; margin: 6px 6px 0 0; }
  .pass { background: #2ee59d; color: #0d0a26; } .fail { background: #3b3270; color: #fff; }
`;

function page(title: string, body: string, script: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>${STYLE}</style></head><body>${body}<script src="/sandbox/finix/${script}"></script></body></html>`;
}

const CARD_FORM = page(
  'Card details',
  `<form id="card" autocomplete="on" novalidate>
    <label for="number">Card number <span class="brand" id="brand"></span></label>
    <input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23">
    <div class="row">
      <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="5"></div>
      <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"></div>
    </div>
    <label for="name">Name on card</label>
    <input id="name" name="ccname" autocomplete="cc-name">
    <div class="error" id="error" role="alert"></div>
    <div class="note">Sandbox processor: card fields are served and tokenised by the processor, not the casino.</div>
  </form>`,
  'card-form.js',
);

const CARD_FORM_JS = `
(function () {
  var number = document.getElementById('number');
  var brand = document.getElementById('brand');
  var error = document.getElementById('error');
  function brandOf(d) {
    if (/^4/.test(d)) return 'Visa';
    if (/^(5[1-5]|2[2-7])/.test(d)) return 'Mastercard';
    if (/^(6011|65|64[4-9])/.test(d)) return 'Discover';
    if (/^3[47]/.test(d)) return 'Amex';
    return '';
  }
  number.addEventListener('input', function () {
    var d = number.value.replace(/\\D/g, '').slice(0, 19);
    number.value = d.replace(/(.{4})/g, '$1 ').trim();
    brand.textContent = brandOf(d);
  });
  var expiry = document.getElementById('expiry');
  expiry.addEventListener('input', function () {
    var d = expiry.value.replace(/\\D/g, '').slice(0, 4);
    expiry.value = d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
  });
  function reply(message) { window.parent.postMessage(message, window.location.origin); }
  window.addEventListener('message', function (event) {
    if (event.origin !== window.location.origin || !event.data || event.data.type !== 'finix:tokenize') return;
    error.textContent = '';
    fetch('/sandbox/finix/v1/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        number: number.value, expiry: expiry.value,
        cvc: document.getElementById('cvc').value, name: document.getElementById('name').value
      })
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) { error.textContent = body.message; reply({ type: 'finix:error', message: body.message }); return; }
        reply({ type: 'finix:token', token: body.id, brand: body.brand, lastFour: body.lastFour, name: document.getElementById('name').value });
      });
    }).catch(function () { reply({ type: 'finix:error', message: 'Please try after some time' }); });
  });
  brand.textContent = brandOf(number.value.replace(/\\D/g, ''));
  document.body.setAttribute('data-ready', 'true');
  reply({ type: 'finix:ready' });
})();
`;

const CHALLENGE_JS = `
(function () {
  var root = document.getElementById('challenge');
  var transferId = root.getAttribute('data-transfer');
  function finish(outcome) {
    var buttons = document.querySelectorAll('button');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    fetch('/sandbox/finix/3ds/' + encodeURIComponent(transferId), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: outcome })
    }).then(function (response) { return response.json(); }).then(function (body) {
      document.getElementById('result').textContent = body.state === 'SUCCEEDED' ? 'Authentication complete.' : 'Authentication failed.';
      window.parent.postMessage({ type: 'finix:3ds', state: body.state }, window.location.origin);
    });
  }
  document.getElementById('pass').addEventListener('click', function () { finish('pass'); });
  document.getElementById('fail').addEventListener('click', function () { finish('fail'); });
})();
`;

export const sandboxPages: FastifyPluginAsync<{ sandbox: SandboxFinix }> = async (app, { sandbox }) => {
  const html = (reply: { type: (value: string) => unknown }) => reply.type('text/html; charset=utf-8');
  const js = (reply: { type: (value: string) => unknown }) => reply.type('text/javascript; charset=utf-8');

  app.get('/card-form', { schema: { hide: true } }, async (_request, reply) => {
    html(reply);
    return CARD_FORM;
  });
  app.get('/card-form.js', { schema: { hide: true } }, async (_request, reply) => {
    js(reply);
    return CARD_FORM_JS;
  });

  // The processor's tokenising endpoint. The body is read here only; it is never logged or stored.
  app.post('/v1/tokens', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    try {
      return sandbox.tokenize({
        number: text(body.number),
        expiry: text(body.expiry),
        cvc: text(body.cvc),
        name: text(body.name),
      });
    } catch (error) {
      if (error instanceof ProcessorError) return reply.status(422).send({ code: error.code, message: error.message });
      throw error;
    }
  });

  app.get<{ Params: { transferId: string } }>('/3ds/:transferId', { schema: { hide: true } }, async (request, reply) => {
    const transfer = await sandbox.fetchTransfer(request.params.transferId).catch(() => null);
    html(reply);
    if (!transfer) return reply.status(404).send(page('3-D Secure', '<p>Unknown transfer.</p>', 'challenge.js'));
    const amount = (transfer.amount / 100).toFixed(2);
    const safeId = transfer.id.replace(/[^a-zA-Z0-9]/g, '');
    return page(
      '3-D Secure',
      `<div id="challenge" data-transfer="${safeId}">
        <h1 style="font-size:18px;margin:0 0 8px">3-D Secure verification</h1>
        <p style="font-size:14px;color:#b9b0e6">Sandbox bank: confirm the payment of $${amount} ${transfer.currency}.</p>
        <button type="button" class="pass" id="pass">Complete authentication</button>
        <button type="button" class="fail" id="fail">Fail authentication</button>
        <p id="result" role="status" style="font-size:14px"></p>
      </div>`,
      'challenge.js',
    );
  });
  app.get('/challenge.js', { schema: { hide: true } }, async (_request, reply) => {
    js(reply);
    return CHALLENGE_JS;
  });
  app.post<{ Params: { transferId: string }; Body: { outcome?: string } }>(
    '/3ds/:transferId',
    { schema: { hide: true } },
    async (request, reply) => {
      const outcome = request.body?.outcome === 'pass' ? 'pass' : 'fail';
      try {
        const transfer = await sandbox.completeChallenge(request.params.transferId, outcome);
        return { state: transfer.state };
      } catch (error) {
        if (error instanceof ProcessorError) return reply.status(404).send({ code: error.code, message: error.message });
        throw error;
      }
    },
  );
};
