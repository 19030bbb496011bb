import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { escapeHtml } from '../mail/escape-html.js';
import { templateSamples, type TemplateSample } from '../mail/template-samples.js';
import { devPageHtml } from './dev-page.js';
import { listSandboxMail, type SandboxMail } from '../../providers/mail/sandbox-mailer.js';

/** Plain text with its http(s) links made clickable; everything else escaped. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

function renderMessage(mail: SandboxMail): string {
  // The HTML part is shown in a sandboxed frame: no scripts, links open in a new tab.
  const frame = `<base target="_blank">${mail.html}`;
  return `<article>
  <header><h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · from ${escapeHtml(mail.from)} · <time datetime="${mail.sentAt.toISOString()}">${escapeHtml(mail.sentAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></p></header>
  <pre>${linkify(mail.text)}</pre>
  <details><summary>HTML version</summary><iframe title="${escapeHtml(mail.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(frame)}"></iframe></details>
</article>`;
}

const MAIL_CSS = `article{background:#1a1442;border:1px solid #3a3170;border-radius:14px;padding:16px 18px;margin:0 0 16px}
h2{font-size:17px;margin:0}
.meta{margin:4px 0 12px;color:#b9b3e0;font-size:13px}
pre{white-space:pre-wrap;word-break:break-word;background:#0d0a26;border-radius:10px;padding:12px;margin:0 0 10px;font:13px/1.5 ui-monospace,monospace}
summary{cursor:pointer;color:#b9b3e0}
iframe{width:100%;height:560px;border:0;border-radius:10px;background:#0d0a26;margin-top:8px}
nav.templates{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 20px}
nav.templates a{background:#1a1442;border:1px solid #3a3170;border-radius:999px;padding:4px 12px;text-decoration:none;font-size:13px}`;

function renderSample(sample: TemplateSample): string {
  const frame = `<base target="_blank">${sample.mail.html}`;
  return `<article id="${sample.template}">
  <header><h2>${escapeHtml(sample.mail.subject)}</h2>
  <p class="meta">Template <strong>${sample.template}</strong> · ${escapeHtml(sample.sentWhen)} · <a href="/dev/mail/templates/${sample.template}">Open on its own</a></p></header>
  <iframe title="${escapeHtml(sample.mail.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(frame)}"></iframe>
  <details><summary>Plain-text version</summary><pre>${linkify(sample.mail.text)}</pre></details>
</article>`;
}

/**
 * /dev/mail: the sandbox outbox as a page, newest first, so a person trying the app can open the
 * verification and reset links (README, 'Sandboxes and their test data'). Registered only while mail is in the sandbox.
 */
export const devMailPage: FastifyPluginAsync<{ db: Database; publicUrl: () => string }> = async (app, { db, publicUrl }) => {
  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listSandboxMail(db, { limit: 100 });
    const body =
      mails.length === 0
        ? '<p class="empty">No e-mails yet. Sign up or ask for a password reset, then reload.</p>'
        : mails.map(renderMessage).join('\n');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        devPageHtml({
          title: 'Sandbox outbox',
          lead: 'E-mails the server sent while mail is in the sandbox (no SMTP_URL), newest first. <a href="/dev/mail">Reload</a> · <a href="/dev/mail/templates">Every template</a> · <a href="/">Back to the casino</a>',
          body,
          css: MAIL_CSS,
        }),
      );
  });

  // The gallery: every template with sample data, whatever has been sent (docs/decisions/062).
  app.get('/dev/mail/templates', { schema: { hide: true } }, async (_request, reply) => {
    const samples = templateSamples(publicUrl());
    const nav = `<nav class="templates">${samples.map((sample) => `<a href="#${sample.template}">${sample.template}</a>`).join('')}</nav>`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        devPageHtml({
          title: 'Mail templates',
          lead: 'Every e-mail the product sends, rendered with sample data. <a href="/dev/mail">Sent mails</a> · <a href="/">Back to the casino</a>',
          body: nav + samples.map(renderSample).join('\n'),
          css: MAIL_CSS,
        }),
      );
  });

  app.get<{ Params: { template: string } }>('/dev/mail/templates/:template', { schema: { hide: true } }, async (request, reply) => {
    const sample = templateSamples(publicUrl()).find((one) => one.template === request.params.template);
    if (!sample) return reply.code(404).type('text/plain; charset=utf-8').send('No such mail template.');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(sample.mail.html);
  });
};
