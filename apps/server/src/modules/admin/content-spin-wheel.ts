import type { AdminWheel, ContentVersion, updateWheelWeightsRequestSchema } from '@casino/contracts/admin-content';
import { wheelMessages } from '@casino/contracts/admin-content';
import { fromHundredths } from '@casino/contracts/money';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { createSpinWheelService, type WheelSegmentRow } from '../spin-wheel/service.js';
import { keepVersion, latestVersion, versionsOf } from './content-versions.js';
import type { AdminRouteKit } from './kit.js';

/**
 * The spin wheel's weights from the back office. The prizes stay; the new
 * weights replace the segments through the wheel's own `replaceSegments` (old segments switched
 * off, spins keep pointing at them), so the next spin draws by the new weights. Every weight is at
 * least 1: a sum of zero (or a segment that can never win) is refused. One versioned item, its
 * active segments locked while changed.
 */
type WeightsChange = z.output<typeof updateWheelWeightsRequestSchema>;

const CONTENT_TYPE = 'spin_wheel';
const CONTENT_ID = 'weights';

function view(rows: readonly WheelSegmentRow[], version: number): AdminWheel {
  const total = rows.reduce((sum, row) => sum + row.weight, 0);
  return {
    segments: rows.map((row) => ({
      position: row.position,
      gcAmount: fromHundredths(row.gcAmount),
      scAmount: fromHundredths(row.scAmount),
      weight: row.weight,
      isJackpot: row.isJackpot,
      chance: total > 0 ? row.weight / total : 0,
    })),
    version,
  };
}

const weightsOf = (rows: readonly WheelSegmentRow[]) => rows.map((row) => ({ position: row.position, weight: row.weight }));

export interface ContentSpinWheel {
  read(): Promise<AdminWheel>;
  update(request: FastifyRequest, input: WeightsChange): Promise<AdminWheel>;
  versions(): Promise<ContentVersion[]>;
}

export function createContentSpinWheel(ctx: AppContext, kit: AdminRouteKit): ContentSpinWheel {
  const wheel = createSpinWheelService(ctx.db, ctx.bus, ctx.ledger);
  return {
    async read() {
      return view(await wheel.segments(ctx.db), await latestVersion(ctx.db, CONTENT_TYPE, CONTENT_ID));
    },

    async update(request, input) {
      return ctx.db.transaction(async (tx) => {
        const current = await wheel.segments(tx, 'lock');
        const version = await latestVersion(tx, CONTENT_TYPE, CONTENT_ID);
        if (version !== input.version) {
          throw new AppError(
            'ContentVersionStale',
            'Someone changed the wheel in the meantime. Reload to see their change, then make yours again.',
          );
        }
        if (input.weights.length !== current.length) {
          throw new AppError('RequestInputValidation', wheelMessages.count, {
            issues: [{ field: 'body.weights', message: wheelMessages.count }],
          });
        }
        await wheel.replaceSegments(
          tx,
          current.map((segment, index) => ({
            gcAmount: segment.gcAmount,
            scAmount: segment.scAmount,
            isJackpot: segment.isJackpot,
            weight: input.weights[index]!,
          })),
        );
        const next = await wheel.segments(tx);
        const { operatorId } = kit.operatorOf(request);
        const before = weightsOf(current);
        const after = weightsOf(next);
        await keepVersion(tx, {
          contentType: CONTENT_TYPE,
          contentId: CONTENT_ID,
          version: version + 1,
          before,
          after,
          operatorId,
          reason: input.reason,
        });
        await kit.audit(tx, request, {
          action: 'content.spin_wheel.update',
          targetType: CONTENT_TYPE,
          targetId: CONTENT_ID,
          before: { version, weights: before },
          after: { version: version + 1, weights: after },
          reason: input.reason,
        });
        return view(next, version + 1);
      });
    },

    versions: () => versionsOf(ctx.db, CONTENT_TYPE, CONTENT_ID),
  };
}
