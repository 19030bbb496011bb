import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { adConversionEvents } from '../../db/schema/index.js';
import { envelope, ok } from '../../http/envelope.js';
import type { AdProvider } from '../../providers/ad-conversions/conversion-api.js';
import { clickIdsFromCookies, type AdConversionsService } from './service.js';

const clientEventSchema = z.object({
  eventName: z.enum(['registration', 'purchase', 'deposit']),
  /** For a purchase or deposit: the merchantRefNum of the player's paid purchase. */
  eventId: z.string().min(1).max(200).optional(),
  /** For a registration before the e-mail is verified (no session yet); hashed at once, never stored. */
  email: z.email().max(320).optional(),
  amount: z.number().nonnegative().optional(),
  currency: z.literal('USD').optional(),
});

/** POST /user/meta-capi and /user/reddit-capi (seed 001 section 7). */
export const adConversionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; conversions: AdConversionsService }> = async (
  app,
  { ctx, conversions },
) => {
  for (const [path, provider] of [
    ['/user/meta-capi', 'meta'],
    ['/user/reddit-capi', 'reddit'],
  ] as const satisfies readonly (readonly [string, AdProvider])[]) {
    app.post(
      path,
      {
        preHandler: ctx.guards.optionalUser,
        schema: {
          tags: ['ad conversions'],
          summary: `A client's ${provider === 'meta' ? 'Meta' : 'Reddit'} conversion event: registration, purchase or deposit`,
          description:
            'The e-mail is stored only as its SHA-256. A purchase or deposit must name the player’s own paid purchase (eventId = merchantRefNum); its amount is the purchase’s, in USD. The ad click id comes from its 30-day cookie.',
          body: clientEventSchema,
          response: { 200: envelope(z.object({ success: z.boolean() })) },
        },
      },
      async (request) => {
        await conversions.recordClientEvent({
          provider,
          userId: request.user?.id ?? null,
          eventName: request.body.eventName,
          eventId: request.body.eventId,
          email: request.body.email,
          clickIds: clickIdsFromCookies(request.cookies),
        });
        return ok({ success: true });
      },
    );
  }
};

/** Sandbox-only: the conversion outbox (docs/ARCHITECTURE.md 'Vendors behind adapters'). */
export const devAdConversionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dev/ad-conversions',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox ad conversion outbox, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
      },
    },
    async (request) => {
      const rows = await ctx.db.select().from(adConversionEvents).orderBy(desc(adConversionEvents.id)).limit(request.query.limit);
      return ok({ rows, count: rows.length });
    },
  );
};
