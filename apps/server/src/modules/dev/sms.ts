import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { envelope, ok, paged } from '../../http/envelope.js';
import { listSandboxSms, type SandboxSms } from '../../providers/sms/sandbox-sms.js';
import { escapeHtml } from '../mail/escape-html.js';
import { devPageHtml } from './dev-page.js';

const smsRowSchema = z.object({ id: z.number().int(), to: z.string(), body: z.string(), sentAt: z.string() });

/** GET /api/v1/dev/sms: the sandbox SMS outbox as JSON (only while SMS is in the sandbox). */
export const devSmsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/dev/sms',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox SMS outbox, newest first (only while SMS is in the sandbox)',
        querystring: z.object({
          /** E.164 (+12015550123) or the 10 national digits. */
          to: z.string().max(20).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: envelope(paged(smsRowSchema)) },
      },
    },
    async (request) => {
      const to = request.query.to?.replace(/[^\d+]/g, '');
      const rows = await listSandboxSms(db, { to: to && !to.startsWith('+') ? `+1${to}` : to, limit: request.query.limit });
      return ok({ rows: rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() })), count: rows.length });
    },
  );
};

function renderSms(sms: SandboxSms): string {
  return `<article><p class="meta">To <strong>${escapeHtml(sms.to)}</strong> · <time datetime="${sms.sentAt.toISOString()}">${escapeHtml(
    sms.sentAt.toISOString().replace('T', ' ').slice(0, 19),
  )} UTC</time></p><p class="body">${escapeHtml(sms.body)}</p></article>`;
}

/** /dev/sms: the SMS outbox as a page beside /dev/mail, newest first. */
export const devSmsPage: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/dev/sms', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listSandboxSms(db, { limit: 100 });
    const body =
      messages.length === 0
        ? '<p class="empty">No SMS yet. Ask for a phone code on the Verification tab, then reload.</p>'
        : messages.map(renderSms).join('\n');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        devPageHtml({
          title: 'Sandbox SMS',
          lead: 'Text messages the server sent while SMS is in the sandbox, newest first. <a href="/dev/sms">Reload</a> · <a href="/dev/mail">E-mail outbox</a> · <a href="/">Back to the casino</a>',
          body,
          css: `article{background:#1a1442;border:1px solid #3a3170;border-radius:14px;padding:14px 18px;margin:0 0 12px}
.meta{margin:0 0 6px;color:#b9b3e0;font-size:13px}
.body{margin:0;font-size:16px}`,
        }),
      );
  });
};
