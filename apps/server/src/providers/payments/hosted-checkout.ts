import type { FastifyPluginAsync } from 'fastify';
import { HOSTED_CHECKOUT_CLOSE_MS } from '@casino/contracts/store';
import { cardBrand, luhnValid, sandboxId } from './sandbox-finix.js';
import { ProcessorError, type ProcessorTransfer } from './card-processor.js';

/**
 * A hosted checkout (docs/ARCHITECTURE.md 'Vendors behind adapters'): Paysafe-style. The player pays on the
 * vendor's page (card with 3-D Secure, or an e-wallet); the page answers a single-use payment
 * handle token, which our server then charges server-to-server (the verified result). Two
 * adapters: this sandbox, and Paysafe's Payments API (paysafe-checkout.ts).
 */
export interface HostedCheckout {
  readonly kind: 'sandbox' | 'paysafe';
  readonly environment: 'LIVE' | 'TEST';
  checkoutUrl(input: { merchantRefNum: string; amount: number; currency: string }): string;
  /** A customer token for the checkout's saved cards; empty when the checkout keeps no customer profile. */
  singleUseCustomerToken(): string;
  /** Charges a payment handle; answers the result with the handle's own amount and reference. */
  processPayment(input: { paymentHandleToken: string; merchantRefNum: string }): Promise<ProcessorTransfer>;
}

interface Handle {
  merchantRefNum: string;
  amount: number;
  currency: string;
  method: 'CARD' | 'SKRILL';
  payable: boolean;
  failureCode: string | null;
  paymentId: string | null;
}

export interface SandboxHostedCheckout extends HostedCheckout {
  readonly kind: 'sandbox';
  /** What the checkout page does when the player finishes: a handle for this reference and amount. */
  createHandle(input: {
    merchantRefNum: string;
    amount: number;
    currency: string;
    method: 'CARD' | 'SKRILL';
    card?: { number: string; expiry: string; cvc: string };
    threeDs?: 'pass' | 'fail';
    wallet?: 'approve' | 'decline';
  }): { paymentHandleToken: string; status: 'PAYABLE' | 'FAILED'; message: string };
}

/**
 * The sandbox checkout. Cards as the card sandbox (4111... succeeds, 4000 0000 0000 0002 is
 * declined, 4000 0000 0000 3220 asks for 3-D Secure, which the page passes or fails); the
 * e-wallet is approved or declined on its page. A handle pays once; a second payment with it
 * answers the first payment.
 */
export function createSandboxHostedCheckout(environment: 'LIVE' | 'TEST'): SandboxHostedCheckout {
  const handles = new Map<string, Handle>();
  const payments = new Map<string, ProcessorTransfer>();
  return {
    kind: 'sandbox',
    environment,
    checkoutUrl: ({ merchantRefNum, amount, currency }) =>
      `/sandbox/paysafe/checkout?ref=${encodeURIComponent(merchantRefNum)}&amount=${amount}&currency=${currency}&environment=${environment}`,
    singleUseCustomerToken: () => sandboxId('SUCT'),

    createHandle({ merchantRefNum, amount, currency, method, card, threeDs, wallet }) {
      let payable = true;
      let failureCode: string | null = null;
      let message = 'Payment successful';
      if (method === 'CARD') {
        const digits = (card?.number ?? '').replace(/[\s-]/g, '');
        if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits) || cardBrand(digits) === 'UNKNOWN') {
          throw new ProcessorError('TOKEN_INVALID', 'Your card number is invalid.');
        }
        if (digits === '4000000000000002') [payable, failureCode, message] = [false, 'CARD_DECLINED', 'The payment was declined'];
        else if (digits === '4000000000003220' && threeDs !== 'pass') {
          [payable, failureCode, message] = [false, 'THREE_D_SECURE_FAILED', '3-D Secure authentication failed'];
        }
      } else if (wallet !== 'approve') {
        [payable, failureCode, message] = [false, 'CARD_DECLINED', 'The payment was declined'];
      }
      const token = sandboxId('PH');
      handles.set(token, { merchantRefNum, amount, currency, method, payable, failureCode, paymentId: null });
      return { paymentHandleToken: token, status: payable ? 'PAYABLE' : 'FAILED', message };
    },

    async processPayment({ paymentHandleToken, merchantRefNum }) {
      const handle = handles.get(paymentHandleToken);
      if (!handle || handle.merchantRefNum !== merchantRefNum) throw new ProcessorError('TOKEN_INVALID', 'Unknown payment handle.');
      if (handle.paymentId) return { ...payments.get(handle.paymentId)! };
      const payment: ProcessorTransfer = {
        id: sandboxId('PAY'),
        state: handle.payable ? 'SUCCEEDED' : 'FAILED',
        amount: handle.amount,
        currency: handle.currency,
        merchantRefNum,
        failureCode: handle.failureCode,
        failureMessage: handle.payable ? null : 'The payment was declined',
        threeDSecureUrl: null,
      };
      handle.paymentId = payment.id;
      payments.set(payment.id, payment);
      return { ...payment };
    },
  };
}

const PAGE_STYLE = `
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 14px; background: #101827; color: #f1f5f9; }
  .env { float: right; font-size: 11px; font-weight: 700; padding: 2px 8px; border-radius: 6px; background: #f59e0b; color: #111; }
  h1 { font-size: 16px; margin: 0 0 10px; } .amount { font-size: 22px; font-weight: 800; margin: 4px 0 12px; }
  .tabs button, .actions button { height: 40px; border-radius: 10px; border: 1px solid #334155; background: #1e293b; color: #fff; font-weight: 700; padding: 0 14px; cursor: pointer; margin: 0 6px 8px 0; }
  .tabs button[aria-pressed="true"] { border-color: #38bdf8; }
  label { display: block; font-size: 12px; color: #94a3b8; margin: 6px 0 3px; }
  input { box-sizing: border-box; width: 100%; height: 38px; border-radius: 8px; border: 1px solid #334155; background: #0b1220; color: #fff; padding: 0 10px; }
  .row { display: flex; gap: 8px; } .row > div { flex: 1; }
  .pay { background: #0ea5e9 !important; border-color: #0ea5e9 !important; }
  .screen { text-align: center; padding: 24px 0; } .ok { color: #34d399; } .bad { color: #f87171; }
  [hidden] { display: none !important; }
`;

const CHECKOUT_JS = `
(function () {
  var q = new URLSearchParams(location.search);
  var ref = q.get('ref'), amount = Number(q.get('amount')), currency = q.get('currency');
  document.getElementById('amount').textContent = '$' + (amount / 100).toFixed(2) + ' ' + currency;
  document.getElementById('env').textContent = q.get('environment');
  var method = 'CARD';
  function show(id) { ['card', 'wallet', 'challenge'].forEach(function (p) { document.getElementById(p).hidden = p !== id; }); }
  document.getElementById('tab-card').onclick = function () { method = 'CARD'; show('card'); this.setAttribute('aria-pressed', 'true'); document.getElementById('tab-wallet').setAttribute('aria-pressed', 'false'); };
  document.getElementById('tab-wallet').onclick = function () { method = 'SKRILL'; show('wallet'); this.setAttribute('aria-pressed', 'true'); document.getElementById('tab-card').setAttribute('aria-pressed', 'false'); };
  function finish(body) {
    document.getElementById('methods').hidden = true;
    var screen = document.getElementById(body.status === 'PAYABLE' ? 'success' : 'failure');
    screen.hidden = false;
    screen.querySelector('.msg').textContent = body.message;
    // Opened as a page (no dialog around it): back to the merchant's return route after 5 s.
    if (window.parent === window) {
      setTimeout(function () {
        location.href = '/user/store/deposit-status/' + (body.status === 'PAYABLE' ? 'success' : 'failed') +
          '?merchantRefNum=' + encodeURIComponent(ref) + '&paymentHandleToken=' + encodeURIComponent(body.paymentHandleToken);
      }, ${HOSTED_CHECKOUT_CLOSE_MS});
      return;
    }
    // The result at once (the merchant completes the payment); the page closes itself 5 s later.
    window.parent.postMessage({ type: 'paysafe:result', merchantRefNum: ref, paymentHandleToken: body.paymentHandleToken, status: body.status }, location.origin);
    setTimeout(function () { window.parent.postMessage({ type: 'paysafe:close', merchantRefNum: ref }, location.origin); }, ${HOSTED_CHECKOUT_CLOSE_MS});
  }
  function submit(extra) {
    var body = Object.assign({ merchantRefNum: ref, amount: amount, currency: currency, method: method }, extra);
    fetch('/sandbox/paysafe/handles', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (b) { return { ok: r.ok, body: b }; }); })
      .then(function (res) { if (!res.ok) { document.getElementById('error').textContent = res.body.message; return; } finish(res.body); });
  }
  var card;
  document.getElementById('pay-card').onclick = function () {
    card = { number: document.getElementById('number').value, expiry: document.getElementById('expiry').value, cvc: document.getElementById('cvc').value };
    if (card.number.replace(/\\D/g, '') === '4000000000003220') { show('challenge'); return; }
    submit({ card: card });
  };
  document.getElementById('pass').onclick = function () { submit({ card: card, threeDs: 'pass' }); };
  document.getElementById('fail').onclick = function () { submit({ card: card, threeDs: 'fail' }); };
  document.getElementById('approve').onclick = function () { submit({ wallet: 'approve' }); };
  document.getElementById('decline').onclick = function () { submit({ wallet: 'decline' }); };
  document.body.setAttribute('data-ready', 'true');
})();
`;

const CHECKOUT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Checkout</title><style>${PAGE_STYLE}</style></head><body>
<span class="env" id="env" aria-label="Environment"></span><h1>Secure checkout</h1><div class="amount" id="amount"></div>
<div id="methods">
  <div class="tabs" role="group" aria-label="Payment method"><button type="button" id="tab-card" aria-pressed="true">Card</button><button type="button" id="tab-wallet" aria-pressed="false">E-wallet</button></div>
  <div id="card">
    <label for="number">Card number</label><input id="number" inputmode="numeric" autocomplete="cc-number">
    <div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" autocomplete="cc-exp"></div><div><label for="cvc">CVC</label><input id="cvc" inputmode="numeric" autocomplete="cc-csc"></div></div>
    <div class="actions"><button type="button" class="pay" id="pay-card">Pay</button></div>
  </div>
  <div id="wallet" hidden><p>Sandbox e-wallet: approve or decline the payment.</p><div class="actions"><button type="button" class="pay" id="approve">Approve</button><button type="button" id="decline">Decline</button></div></div>
  <div id="challenge" hidden><p>3-D Secure verification</p><div class="actions"><button type="button" class="pay" id="pass">Complete authentication</button><button type="button" id="fail">Fail authentication</button></div></div>
  <p id="error" role="alert" class="bad"></p>
</div>
<div id="success" class="screen" hidden><h2 class="ok">Payment successful</h2><p class="msg"></p><p>This window closes in 5 seconds.</p></div>
<div id="failure" class="screen" hidden><h2 class="bad">Payment failed</h2><p class="msg"></p><p>This window closes in 5 seconds.</p></div>
<script src="/sandbox/paysafe/checkout.js"></script></body></html>`;

/** The sandbox checkout's pages, under /sandbox/paysafe (the vendor's, not our API). */
export const sandboxCheckoutPages: FastifyPluginAsync<{ checkout: SandboxHostedCheckout }> = async (app, { checkout }) => {
  app.get('/checkout', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(CHECKOUT_PAGE));
  app.get('/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(CHECKOUT_JS),
  );
  app.post('/handles', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const card = (body.card ?? {}) as Record<string, unknown>;
    try {
      return checkout.createHandle({
        merchantRefNum: text(body.merchantRefNum),
        amount: typeof body.amount === 'number' ? body.amount : 0,
        currency: text(body.currency),
        method: body.method === 'SKRILL' ? 'SKRILL' : 'CARD',
        card: { number: text(card.number), expiry: text(card.expiry), cvc: text(card.cvc) },
        ...(body.threeDs === 'pass' || body.threeDs === 'fail' ? { threeDs: body.threeDs } : {}),
        ...(body.wallet === 'approve' || body.wallet === 'decline' ? { wallet: body.wallet } : {}),
      });
    } catch (error) {
      if (error instanceof ProcessorError) return reply.status(422).send({ code: error.code, message: error.message });
      throw error;
    }
  });
};
