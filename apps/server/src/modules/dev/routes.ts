import { sandboxGoogleAccountSchema } from '@casino/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { envelope, ok, paged } from '../../http/envelope.js';
import type { SandboxGoogle } from '../../providers/google/sandbox-google.js';
import { listSandboxMail } from '../../providers/mail/sandbox-mailer.js';
import { sandboxGoogleAccounts } from './sandbox-accounts.js';

const mailRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});

/**
 * Development-only API of the sandboxes (docs/ARCHITECTURE.md 'Vendors behind adapters'). Registered only while the sandbox
 * in question is in use, which production allows only with ALLOW_SANDBOX (see app.ts).
 */
export const devMailRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/dev/mail',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox outbox, newest first (only while mail is in the sandbox)',
        querystring: z.object({
          to: z.string().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: envelope(paged(mailRowSchema)) },
      },
    },
    async (request) => {
      const rows = await listSandboxMail(db, { to: request.query.to, limit: request.query.limit });
      return ok({ rows: rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() })), count: rows.length });
    },
  );
};

export const devGoogleRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxGoogle }> = async (app, { sandbox }) => {
  app.get(
    '/dev/google/accounts',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Test accounts of the sandbox Google account chooser',
        response: { 200: envelope(z.object({ rows: z.array(sandboxGoogleAccountSchema), count: z.number().int() })) },
      },
    },
    async () => ok({ rows: sandboxGoogleAccounts, count: sandboxGoogleAccounts.length }),
  );

  app.post(
    '/dev/google/id-token',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'A Google ID token for a test account, signed by the sandbox key (what Google would return)',
        body: sandboxGoogleAccountSchema,
        response: { 200: envelope(z.object({ credential: z.string() })) },
      },
    },
    async (request) => ok({ credential: await sandbox.signIdToken(request.body) }),
  );
};
