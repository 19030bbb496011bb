import type { FastifyPluginAsync } from 'fastify';
import { PayoutError } from './payout-provider.js';
import { SANDBOX_BANKS, SANDBOX_CREDENTIALS, type SandboxPaynote } from './sandbox-paynote.js';

/**
 * The sandbox payout provider's bank-link widget (served at /sandbox/paynote, outside our API):
 * choose a bank, sign in with the bank's credentials, pick an account. The widget talks to the
 * page that embeds it only through postMessage ({ type: 'paynote.linked', accountReference }), as
 * the vendor's widget does; the credentials go to the provider, never to the casino.
 */
const STYLE = `
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 14px; background: #17123a; color: #f4f1ff; }
  h1 { font-size: 17px; margin: 0 0 10px; }
  p { font-size: 13px; color: #b9b0e6; margin: 0 0 10px; }
  label { display: block; font-size: 12px; color: #b9b0e6; margin: 8px 0 4px; }
  input { box-sizing: border-box; width: 100%; height: 40px; border-radius: 10px; border: 1px solid #3b3270; background: #0d0a26; color: #fff; padding: 0 12px; font-size: 15px; }
  input:focus, button:focus-visible { outline: 2px solid #f5b301; }
  .choice { display: flex; justify-content: space-between; align-items: center; width: 100%; text-align: left; height: 48px; margin: 0 0 8px; background: #231c52; color: #fff; border: 1px solid #3b3270; border-radius: 12px; padding: 0 14px; font-size: 15px; cursor: pointer; }
  .choice:hover { border-color: #f5b301; }
  .primary { height: 44px; border-radius: 12px; border: 0; font-weight: 700; padding: 0 18px; cursor: pointer; margin-top: 12px; background: #f5b301; color: #0d0a26; }
  .link { background: none; border: 0; color: #b9b0e6; text-decoration: underline; cursor: pointer; padding: 0; margin-top: 10px; font-size: 13px; }
  .error { color: #ff7b8a; font-size: 13px; min-height: 18px; margin-top: 8px; }
  .note { font-size: 11px; color: #8d84bf; margin-top: 10px; }
  [hidden] { display: none !important; }
`;

const WIDGET = (
  customer: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Link your bank</title><style>${STYLE}</style></head><body>
<div id="widget" data-customer="${customer}">
  <section id="step-bank">
    <h1>Choose your bank</h1>
    <p>Paynote sandbox: link a bank account for payouts.</p>
    ${SANDBOX_BANKS.map((bank) => `<button type="button" class="choice" data-bank="${bank.id}">${bank.name}<span aria-hidden="true">&rsaquo;</span></button>`).join('')}
  </section>
  <section id="step-login" hidden>
    <h1 id="login-title">Sign in</h1>
    <form id="login" novalidate>
      <label for="username">Username</label><input id="username" autocomplete="off">
      <label for="password">Password</label><input id="password" type="password" autocomplete="off">
      <button type="submit" class="primary">Sign in</button>
    </form>
    <button type="button" class="link" id="back">Choose another bank</button>
    <div class="note">Sandbox credentials: ${SANDBOX_CREDENTIALS.username} / ${SANDBOX_CREDENTIALS.password}</div>
  </section>
  <section id="step-account" hidden>
    <h1>Choose an account</h1>
    <div id="accounts"></div>
  </section>
  <section id="step-done" hidden>
    <h1>Bank account linked</h1>
    <p id="done-text"></p>
  </section>
  <div class="error" id="error" role="alert"></div>
</div>
<script src="/sandbox/paynote/widget.js"></script></body></html>`;

const WIDGET_JS = `
(function () {
  var root = document.getElementById('widget');
  var customer = root.getAttribute('data-customer');
  var error = document.getElementById('error');
  var bankId = null, bankName = '', session = null;
  function show(step) {
    ['bank', 'login', 'account', 'done'].forEach(function (name) {
      document.getElementById('step-' + name).hidden = name !== step;
    });
    error.textContent = '';
  }
  function post(path, body) {
    return fetch('/sandbox/paynote/v1/' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) { return response.json().then(function (data) { if (!response.ok) throw new Error(data.message || 'Something went wrong'); return data; }); });
  }
  document.querySelectorAll('[data-bank]').forEach(function (button) {
    button.addEventListener('click', function () {
      bankId = button.getAttribute('data-bank');
      bankName = button.firstChild.textContent;
      document.getElementById('login-title').textContent = 'Sign in to ' + bankName;
      show('login');
      document.getElementById('username').focus();
    });
  });
  document.getElementById('back').addEventListener('click', function () { show('bank'); });
  document.getElementById('login').addEventListener('submit', function (event) {
    event.preventDefault();
    post('sessions', { customerId: customer, bankId: bankId, username: document.getElementById('username').value, password: document.getElementById('password').value })
      .then(function (data) {
        session = data.session;
        var list = document.getElementById('accounts');
        list.innerHTML = '';
        data.accounts.forEach(function (account) {
          var button = document.createElement('button');
          button.type = 'button';
          button.className = 'choice';
          button.textContent = account.name + ' \\u2022\\u2022' + account.lastDigits;
          button.addEventListener('click', function () { pick(account.id); });
          list.appendChild(button);
        });
        show('account');
      })
      .catch(function (err) { error.textContent = err.message; });
  });
  function pick(accountId) {
    post('accounts', { session: session, accountId: accountId })
      .then(function (account) {
        document.getElementById('done-text').textContent = account.bank + ' \\u2022\\u2022' + account.lastDigits;
        show('done');
        window.parent.postMessage({ type: 'paynote.linked', accountReference: account.reference }, window.location.origin);
      })
      .catch(function (err) { error.textContent = err.message; });
  }
})();
`;

export const sandboxPaynotePages: FastifyPluginAsync<{ sandbox: SandboxPaynote }> = async (app, { sandbox }) => {
  app.get<{ Querystring: { customer?: string } }>('/link', { schema: { hide: true } }, async (request, reply) => {
    const customer = String(request.query.customer ?? '').replace(/[^A-Za-z0-9_-]/g, '');
    reply.type('text/html; charset=utf-8');
    return WIDGET(customer);
  });
  app.get('/widget.js', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/javascript; charset=utf-8');
    return WIDGET_JS;
  });
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  // The bank's sign-in: the credentials are checked here and never stored or logged.
  app.post('/v1/sessions', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    try {
      return sandbox.signIn({
        customerId: text(body.customerId),
        bankId: text(body.bankId),
        username: text(body.username),
        password: text(body.password),
      });
    } catch (error) {
      if (error instanceof PayoutError) return reply.status(422).send({ code: error.code, message: error.message });
      throw error;
    }
  });
  app.post('/v1/accounts', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    try {
      const account = sandbox.pickAccount({ session: text(body.session), accountId: text(body.accountId) });
      return { reference: account.reference, bank: account.bank, lastDigits: account.lastDigits };
    } catch (error) {
      if (error instanceof PayoutError) return reply.status(422).send({ code: error.code, message: error.message });
      throw error;
    }
  });
};
