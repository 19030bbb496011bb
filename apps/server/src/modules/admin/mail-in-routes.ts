import { adminAccess } from '@casino/contracts/admin';
import { contentVersionSchema } from '@casino/contracts/admin-content';
import {
  adminMailInSettingsSchema,
  mailInCardListSchema,
  mailInCardRequestSchema,
  mailInCardSchema,
  mailInCodeQuerySchema,
  mailInLookupSchema,
  mailInRefusalLabels,
  updateMailInSettingsRequestSchema,
} from '@casino/contracts/mail-in';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.js';
import type { MailInService } from '../mail-in/service.js';
import type { AdminRouteModule } from './kit.js';
import { createMailInSettingsDesk } from './mail-in-settings.js';

const listOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number().int() });
const cardsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  code: z.string().trim().max(40).optional(),
});

/**
 * The Mail-in desk (docs/decisions/069-mail-in-entry.md; support and compliance): look a card's
 * code up, enter the card with its postmark day and whether the name and address match the
 * account (credited or refused, with the operator's reason, in the audit trail), the cards entered,
 * and the settings (changed by compliance, versioned and audited).
 */
export function createMailInDesk(mailIn: MailInService): AdminRouteModule {
  return (instance, ctx, kit) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const desk = kit.requireRole(...adminAccess.mailInDesk);
    const settings = createMailInSettingsDesk(ctx.db, kit);

    app.get(
      '/mail-in/lookup',
      {
        preHandler: desk,
        schema: {
          tags: ['admin'],
          summary:
            "The request of a code as typed from a card, with its player's name and address on the account to compare; 404 when none has it",
          querystring: mailInCodeQuerySchema,
          response: { 200: envelope(mailInLookupSchema) },
        },
      },
      async (request) => ok(await mailIn.lookup(request.query.code)),
    );

    app.post(
      '/mail-in/cards',
      {
        preHandler: desk,
        schema: {
          tags: ['admin'],
          summary:
            "Enters a card: a valid one credits the configured SC as bonus SC to the code's player once; otherwise it is refused (code unknown or used, name or address mismatch, postmark outside the rules, cap reached). Audited with the reason",
          body: mailInCardRequestSchema,
          response: { 200: envelope(mailInCardSchema) },
        },
      },
      async (request) => {
        const card = await mailIn.enterCard(request.body, kit.operatorOf(request).operatorId, (tx, record) =>
          kit.audit(tx, request, record),
        );
        const message =
          card.outcome === 'credited'
            ? `Card accepted: ${card.sc?.toFixed(2)} SC credited to ${card.username}.`
            : `Card refused: ${mailInRefusalLabels[card.refusalReason!]}`;
        return ok({ ...card, operatorEmail: kit.operatorOf(request).email }, message);
      },
    );

    app.get(
      '/mail-in/cards',
      {
        preHandler: desk,
        schema: {
          tags: ['admin'],
          summary: 'The cards entered, newest first (or those of one code), with what each decided and who entered it',
          querystring: cardsQuery,
          response: { 200: envelope(mailInCardListSchema) },
        },
      },
      async (request) => {
        const rows = await mailIn.cards(request.query);
        return ok({ rows, count: rows.length });
      },
    );

    app.get(
      '/mail-in/settings',
      {
        preHandler: desk,
        schema: {
          tags: ['admin'],
          summary:
            'The mail-in settings (SC per card, cap and period, postmark window, postal address, card format, rules) and their version',
          response: { 200: envelope(adminMailInSettingsSchema) },
        },
      },
      async () => ok(await settings.read()),
    );

    app.put(
      '/mail-in/settings',
      {
        preHandler: kit.requireRole(...adminAccess.mailInSettings),
        schema: {
          tags: ['admin'],
          summary:
            'Changes the mail-in settings made on their current version (3851 otherwise); keeps the old version and audits the change',
          body: updateMailInSettingsRequestSchema,
          response: { 200: envelope(adminMailInSettingsSchema) },
        },
      },
      async (request) => ok(await settings.update(request, request.body), 'Mail-in settings saved.'),
    );

    app.get(
      '/mail-in/settings/versions',
      {
        preHandler: desk,
        schema: {
          tags: ['admin'],
          summary: "The mail-in settings' kept versions, newest first",
          response: { 200: envelope(listOf(contentVersionSchema)) },
        },
      },
      async () => {
        const rows = await settings.versions();
        return ok({ rows, count: rows.length });
      },
    );
  };
}
