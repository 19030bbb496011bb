import type { FastifyPluginAsync } from 'fastify';
import type { SandboxKyc, SandboxKycSessionView } from './sandbox-kyc.js';

/**
 * The sandbox KYC vendor's hosted page (served at /sandbox/kyc, outside our API): document step,
 * selfie step, then the sandbox's outcome control. The page talks only to the vendor's endpoints;
 * the casino learns the result from the signed webhooks.
 */
const STYLE = `
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: #0b1324; color: #e8eef9; display: flex; justify-content: center; }
  main { width: 100%; max-width: 520px; padding: 24px 16px 40px; }
  .vendor { display: flex; align-items: center; gap: 8px; font-weight: 800; letter-spacing: .02em; color: #5eead4; margin-bottom: 4px; }
  .sandbox { font-size: 11px; font-weight: 700; padding: 2px 8px; border-radius: 6px; background: #f59e0b; color: #111; margin-left: auto; }
  h1 { font-size: 22px; margin: 16px 0 4px; } p { color: #a9b6cc; margin: 6px 0; }
  .steps { display: flex; gap: 6px; margin: 18px 0; } .steps span { flex: 1; height: 4px; border-radius: 4px; background: #1e2a44; }
  .steps span.on { background: #2dd4bf; }
  .card { background: #111c33; border: 1px solid #1e2a44; border-radius: 16px; padding: 18px; }
  label { display: block; font-size: 13px; color: #a9b6cc; margin: 12px 0 6px; }
  select { width: 100%; height: 44px; border-radius: 10px; border: 1px solid #2a3a5c; background: #0b1324; color: #fff; padding: 0 12px; font-size: 15px; }
  .frame { height: 170px; border: 2px dashed #2a3a5c; border-radius: 14px; display: flex; align-items: center; justify-content: center; margin-top: 14px; color: #6b7a96; }
  .frame.done { border-style: solid; border-color: #2dd4bf; }
  button { height: 46px; border-radius: 12px; border: 0; font-weight: 700; font-size: 15px; padding: 0 18px; cursor: pointer; margin-top: 14px; width: 100%; }
  .primary { background: #2dd4bf; color: #062a26; } .secondary { background: #1e2a44; color: #e8eef9; }
  button:disabled { opacity: .5; cursor: default; }
  fieldset { border: 1px solid #2a3a5c; border-radius: 12px; margin: 14px 0 0; padding: 8px 14px 12px; } legend { font-size: 12px; color: #f59e0b; padding: 0 6px; }
  .radio { display: flex; align-items: center; gap: 10px; margin: 8px 0; color: #e8eef9; font-size: 15px; }
  .result { text-align: center; padding: 10px 0; } .ok { color: #34d399; } .bad { color: #f87171; } .wait { color: #fbbf24; }
  a.back { display: block; text-align: center; margin-top: 16px; color: #5eead4; font-weight: 700; }
  [hidden] { display: none !important; }
`;

const DOCUMENT_SVG = `<svg width="200" height="126" viewBox="0 0 200 126" aria-hidden="true"><rect x="1" y="1" width="198" height="124" rx="12" fill="#1e3a5f" stroke="#5eead4"/><circle cx="48" cy="56" r="22" fill="#94a3b8"/><rect x="30" y="84" width="36" height="18" rx="9" fill="#94a3b8"/><rect x="88" y="34" width="90" height="10" rx="5" fill="#cbd5e1"/><rect x="88" y="54" width="70" height="8" rx="4" fill="#64748b"/><rect x="88" y="70" width="80" height="8" rx="4" fill="#64748b"/><rect x="88" y="86" width="50" height="8" rx="4" fill="#64748b"/></svg>`;
const SELFIE_SVG = `<svg width="130" height="130" viewBox="0 0 130 130" aria-hidden="true"><circle cx="65" cy="65" r="63" fill="#1e3a5f" stroke="#5eead4"/><circle cx="65" cy="52" r="24" fill="#cbd5e1"/><path d="M22 112c8-24 26-34 43-34s35 10 43 34" fill="#cbd5e1"/></svg>`;

const TITLES: Record<string, string> = {
  created: 'Verify your identity',
  activated: 'Verify your identity',
  processing: 'Verification under review',
  complete: 'Verification approved',
  failed: 'Verification failed',
  archived: 'This verification link has expired',
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function sessionPage(session: SandboxKycSessionView): string {
  const id = escape(session.sessionId);
  const back = escape(session.returnUrl);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Identity verification</title><style>${STYLE}</style></head>
<body><main id="kyc" data-session="${id}" data-status="${escape(session.status)}">
<div class="vendor"><svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" fill="#2dd4bf"/><path d="m8 12 3 3 5-6" stroke="#062a26" stroke-width="2.4" fill="none"/></svg>IDCheck Sandbox<span class="sandbox">SANDBOX</span></div>
<h1 id="title">${escape(TITLES[session.status] ?? 'Verify your identity')}</h1>
<div class="steps" aria-hidden="true"><span id="bar-1"></span><span id="bar-2"></span><span id="bar-3"></span></div>

<section id="step-document" class="card" hidden>
  <p><strong>Step 1 of 2: your ID document</strong></p>
  <p>Capture the front of a government-issued photo ID.</p>
  <label for="documentType">Document type</label>
  <select id="documentType"><option value="DRIVERS_LICENSE">Driver's license</option><option value="PASSPORT">Passport</option><option value="ID_CARD">State ID card</option></select>
  <div class="frame" id="document-frame">No document captured yet</div>
  <button type="button" class="secondary" id="capture-document">Capture document</button>
  <button type="button" class="primary" id="to-selfie" disabled>Continue</button>
</section>

<section id="step-selfie" class="card" hidden>
  <p><strong>Step 2 of 2: a selfie</strong></p>
  <p>Look at the camera. We compare your face with the photo on your document.</p>
  <div class="frame" id="selfie-frame">No selfie taken yet</div>
  <button type="button" class="secondary" id="capture-selfie">Take selfie</button>
  <fieldset><legend>Sandbox outcome</legend>
    <label class="radio"><input type="radio" name="outcome" value="approved" checked> Approved</label>
    <label class="radio"><input type="radio" name="outcome" value="failed"> Failed</label>
    <label class="radio"><input type="radio" name="outcome" value="processing"> Processing (manual review)</label>
  </fieldset>
  <button type="button" class="primary" id="submit" disabled>Submit verification</button>
</section>

<section id="step-result" class="card result" hidden>
  <h2 id="result-title"></h2><p id="result-text"></p>
  <div id="review" hidden><fieldset><legend>Sandbox reviewer</legend>
    <button type="button" class="primary" id="review-approve">Approve review</button>
    <button type="button" class="secondary" id="review-reject">Reject review</button></fieldset></div>
</section>
<p id="error" class="bad" role="alert"></p>
<a class="back" href="${back}">Return to Lucky Crown</a>
</main><script src="/sandbox/kyc/session.js"></script></body></html>`;
}

const SESSION_JS = `
(function () {
  var root = document.getElementById('kyc');
  var id = root.getAttribute('data-session');
  var texts = {
    processing: ['Verification under review', 'wait', 'Your documents were received. A reviewer is checking them.'],
    complete: ['Verification approved', 'ok', 'Your identity has been verified. You can return to the casino.'],
    failed: ['Verification failed', 'bad', 'We could not verify your identity. You can try again from the casino.'],
    archived: ['This verification link has expired', 'bad', 'Start a new verification from the casino.']
  };
  function show(status) {
    root.setAttribute('data-status', status);
    var step = status === 'activated' || status === 'created' ? 'document' : 'result';
    ['document', 'selfie', 'result'].forEach(function (s) { document.getElementById('step-' + s).hidden = s !== step; });
    if (step === 'result') {
      var t = texts[status];
      document.getElementById('title').textContent = t[0];
      var title = document.getElementById('result-title');
      title.textContent = t[0]; title.className = t[1];
      document.getElementById('result-text').textContent = t[2];
      document.getElementById('review').hidden = status !== 'processing';
      bars(3);
    }
  }
  function bars(n) { for (var i = 1; i <= 3; i++) document.getElementById('bar-' + i).className = i <= n ? 'on' : ''; }
  function post(path, body) {
    document.getElementById('error').textContent = '';
    return fetch('/sandbox/kyc/session/' + encodeURIComponent(id) + '/' + path, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body)
    }).then(function (r) { return r.json().then(function (b) { if (!r.ok) throw new Error(b.message); return b; }); })
      .then(function (b) { show(b.status); })
      .catch(function (e) { document.getElementById('error').textContent = e.message || 'Something went wrong'; });
  }
  document.getElementById('capture-document').onclick = function () {
    var frame = document.getElementById('document-frame');
    frame.innerHTML = ${JSON.stringify(DOCUMENT_SVG)}; frame.className = 'frame done';
    document.getElementById('to-selfie').disabled = false;
  };
  document.getElementById('to-selfie').onclick = function () {
    document.getElementById('step-document').hidden = true; document.getElementById('step-selfie').hidden = false; bars(2);
  };
  document.getElementById('capture-selfie').onclick = function () {
    var frame = document.getElementById('selfie-frame');
    frame.innerHTML = ${JSON.stringify(SELFIE_SVG)}; frame.className = 'frame done';
    document.getElementById('submit').disabled = false;
  };
  document.getElementById('submit').onclick = function () {
    this.disabled = true;
    var outcome = document.querySelector('input[name="outcome"]:checked').value;
    post('submit', { documentType: document.getElementById('documentType').value, outcome: outcome });
  };
  document.getElementById('review-approve').onclick = function () { post('review', { decision: 'approved' }); };
  document.getElementById('review-reject').onclick = function () { post('review', { decision: 'failed' }); };
  show(root.getAttribute('data-status')); bars(root.getAttribute('data-status') === 'activated' ? 1 : 3);
  document.body.setAttribute('data-ready', 'true');
})();
`;

const DOCUMENT_TYPES = ['DRIVERS_LICENSE', 'PASSPORT', 'ID_CARD'];

export const sandboxKycPages: FastifyPluginAsync<{ sandbox: SandboxKyc }> = async (app, { sandbox }) => {
  app.get<{ Params: { sessionId: string } }>('/session/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const session = sandbox.open(request.params.sessionId);
    if (!session) {
      return reply
        .status(404)
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Identity verification</title><style>${STYLE}</style></head><body><main><h1>Unknown verification session</h1><p>Start a new verification from the casino.</p><a class="back" href="/">Return to Lucky Crown</a></main></body></html>`,
        );
    }
    return sessionPage(session);
  });
  app.get('/session.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(SESSION_JS),
  );

  app.post<{ Params: { sessionId: string } }>('/session/:sessionId/submit', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const outcome = body.outcome;
    const documentType = typeof body.documentType === 'string' ? body.documentType : '';
    if ((outcome !== 'approved' && outcome !== 'failed' && outcome !== 'processing') || !DOCUMENT_TYPES.includes(documentType)) {
      return reply.status(422).send({ message: 'Please capture a document and a selfie first.' });
    }
    const session = sandbox.submit(request.params.sessionId, { documentType, outcome });
    if (!session) return reply.status(404).send({ message: 'Unknown verification session.' });
    return { status: session.status };
  });

  app.post<{ Params: { sessionId: string } }>('/session/:sessionId/review', { schema: { hide: true } }, async (request, reply) => {
    const decision = (request.body as { decision?: unknown } | undefined)?.decision;
    if (decision !== 'approved' && decision !== 'failed') return reply.status(422).send({ message: 'Unknown decision.' });
    const session = sandbox.review(request.params.sessionId, decision);
    if (!session) return reply.status(404).send({ message: 'Unknown verification session.' });
    return { status: session.status };
  });
};
