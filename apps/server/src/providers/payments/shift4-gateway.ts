import type { FastifyPluginAsync } from 'fastify';
import { ProcessorError, type ProcessorTransfer } from './card-processor.js';
import { cardBrand, luhnValid, sandboxId } from './sandbox-finix.js';

/**
 * A Shift4-style card gateway (seed 001 section 7 POST /payment/shift4/sale). The card is entered
 * on the gateway's own page (i4Go), which answers a TrueToken; our server only ever sees the
 * token. A sale charges a token for an invoice (our intent's merchantRefNum) and is answered at
 * once: approved (SUCCEEDED) or declined (FAILED). The gateway keeps one sale per invoice: a
 * sale sent again for it answers the first one, and an invoice lookup tells whether a sale whose
 * answer was lost was made.
 *
 * Amounts are integer cents.
 */
export interface Shift4Gateway {
  readonly kind: 'sandbox';
  /** The gateway's card page (i4Go) for an invoice. */
  cardFormUrl(merchantRefNum: string): string;
  /** Charges a TrueToken; ProcessorError TOKEN_INVALID for an unknown or expired token. */
  sale(input: { token: string; amount: number; currency: string; merchantRefNum: string }): Promise<ProcessorTransfer>;
  /** The sale made for an invoice, or null when none was. */
  lookupInvoice(merchantRefNum: string): Promise<ProcessorTransfer | null>;
}

export interface SandboxShift4 extends Shift4Gateway {
  /** The i4Go page's tokenising call: answers the TrueToken, the brand and the last four digits. */
  tokenize(input: { number: string; expiry: string; cvc: string }): { trueToken: string; brand: string; lastFour: string };
}

const TOKEN_TTL_MS = 30 * 60_000;

/**
 * The sandbox gateway. Test cards as the card processor's sandbox: any number passing the Luhn
 * check of a known brand is approved, 4000 0000 0000 0002 is declined (CARD_DECLINED); others are
 * refused when tokenised. A token pays one invoice.
 */
export function createSandboxShift4(): SandboxShift4 {
  const tokens = new Map<string, { brand: string; lastFour: string; declined: boolean; expiresAt: number; invoice: string | null }>();
  const sales = new Map<string, ProcessorTransfer>();
  return {
    kind: 'sandbox',
    cardFormUrl: (merchantRefNum) => `/sandbox/shift4/i4go?invoice=${encodeURIComponent(merchantRefNum)}`,

    tokenize({ number, expiry, cvc }) {
      const digits = number.replace(/[\s-]/g, '');
      if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits) || cardBrand(digits) === 'UNKNOWN') {
        throw new ProcessorError('TOKEN_INVALID', 'Your card number is invalid.');
      }
      const match = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
      const month = Number(match?.[1]);
      const endOfMonth = match ? new Date(Date.UTC(2000 + Number(match[2]), month, 1)) : null;
      if (!endOfMonth || month < 1 || month > 12 || endOfMonth.getTime() <= Date.now()) {
        throw new ProcessorError('TOKEN_INVALID', 'Your card has expired or the expiry date is invalid.');
      }
      if (!/^\d{3,4}$/.test(cvc.trim())) throw new ProcessorError('TOKEN_INVALID', 'Your card security code is invalid.');
      const trueToken = sandboxId('TT');
      const card = { brand: cardBrand(digits), lastFour: digits.slice(-4) };
      tokens.set(trueToken, { ...card, declined: digits === '4000000000000002', expiresAt: Date.now() + TOKEN_TTL_MS, invoice: null });
      return { trueToken, ...card };
    },

    async sale({ token, amount, currency, merchantRefNum }) {
      const earlier = sales.get(merchantRefNum);
      if (earlier) return { ...earlier };
      const card = tokens.get(token);
      if (!card || card.expiresAt < Date.now() || (card.invoice !== null && card.invoice !== merchantRefNum)) {
        throw new ProcessorError('TOKEN_INVALID', 'The card token is not valid.');
      }
      card.invoice = merchantRefNum;
      const sale: ProcessorTransfer = {
        id: sandboxId('S4'),
        state: card.declined ? 'FAILED' : 'SUCCEEDED',
        amount,
        currency,
        merchantRefNum,
        failureCode: card.declined ? 'CARD_DECLINED' : null,
        failureMessage: card.declined ? 'The payment was declined' : null,
        threeDSecureUrl: null,
      };
      sales.set(merchantRefNum, sale);
      return { ...sale };
    },

    async lookupInvoice(merchantRefNum) {
      const sale = sales.get(merchantRefNum);
      return sale ? { ...sale } : null;
    },
  };
}

const I4GO_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Card details</title>
<style>:root{color-scheme:dark;font-family:system-ui,sans-serif}body{margin:0;padding:12px;background:#17123a;color:#f4f1ff}label{display:block;font-size:12px;color:#b9b0e6;margin:8px 0 4px}input{box-sizing:border-box;width:100%;height:40px;border-radius:10px;border:1px solid #3b3270;background:#0d0a26;color:#fff;padding:0 12px}button{margin-top:10px;height:44px;border-radius:12px;border:0;font-weight:700;padding:0 18px;background:#f5b301;color:#0d0a26}.error{color:#ff7b8a;font-size:13px;min-height:18px;margin-top:8px}</style></head>
<body><form id="card" novalidate><label for="number">Card number</label><input id="number" inputmode="numeric" autocomplete="cc-number">
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" inputmode="numeric" autocomplete="cc-exp"><label for="cvc">CVC</label><input id="cvc" inputmode="numeric" autocomplete="cc-csc">
<button type="submit">Use this card</button><div class="error" id="error" role="alert"></div></form><script src="/sandbox/shift4/i4go.js"></script></body></html>`;

// The page answers the TrueToken to the page that opened it (postMessage), as i4Go does.
const I4GO_JS = `
(function () {
  var invoice = new URLSearchParams(location.search).get('invoice');
  document.getElementById('card').addEventListener('submit', function (event) {
    event.preventDefault();
    var error = document.getElementById('error');
    error.textContent = '';
    fetch('/sandbox/shift4/i4go/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({
      number: document.getElementById('number').value, expiry: document.getElementById('expiry').value, cvc: document.getElementById('cvc').value
    }) }).then(function (response) { return response.json().then(function (body) {
      if (!response.ok) { error.textContent = body.message; return; }
      window.parent.postMessage({ type: 'shift4:token', invoice: invoice, trueToken: body.trueToken, brand: body.brand, lastFour: body.lastFour }, location.origin);
    }); });
  });
})();
`;

/** The sandbox gateway's i4Go page and tokenising endpoint, under /sandbox/shift4 (the vendor's, not our API). */
export const sandboxShift4Pages: FastifyPluginAsync<{ gateway: SandboxShift4 }> = async (app, { gateway }) => {
  app.get('/i4go', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(I4GO_PAGE));
  app.get('/i4go.js', { schema: { hide: true } }, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(I4GO_JS));
  // The card is read here only; it is never logged or stored.
  app.post('/i4go/tokens', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    try {
      return gateway.tokenize({ number: text(body.number), expiry: text(body.expiry), cvc: text(body.cvc) });
    } catch (error) {
      if (error instanceof ProcessorError) return reply.status(422).send({ code: error.code, message: error.message });
      throw error;
    }
  });
};
