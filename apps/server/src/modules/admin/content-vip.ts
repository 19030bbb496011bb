import type { AdminVipTier, ContentVersion, updateVipTierRequestSchema } from '@casino/contracts/admin-content';
import { fromHundredths, toHundredths } from '@casino/contracts/money';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { createVipService, type TierRow } from '../vip/service.js';
import { keepVersion, latestVersion, latestVersions, versionsOf } from './content-versions.js';
import type { AdminRouteKit } from './kit.js';

/**
 * VIP tier values from the back office. The VIP service reads the tiers from the
 * table at each progress event and page (no cache), so a change applies at once; tiers never fall
 * back, so a raised threshold keeps players where they are and a lowered one promotes at their next
 * play or purchase. Thresholds stay in tier order, checked against the neighbours under a lock of
 * every tier. Each tier is a versioned item (its latest kept version, 1 before any change). The
 * VIP service writes the tier (its `updateTier`); this desk keeps the version and the audit record.
 */
type TierChange = z.output<typeof updateVipTierRequestSchema>;

const CONTENT_TYPE = 'vip_tier';

const percentOf = (bps: number) => bps / 100;
const bpsOf = (percent: number) => Math.round(percent * 100);

function toAdmin(row: TierRow, version: number): AdminVipTier {
  return {
    vipTierId: row.vipTierId,
    name: row.name,
    scRequiredPlay: fromHundredths(row.scRequiredPlay),
    gcRequiredPurchase: fromHundredths(row.gcRequiredPurchase),
    bonusGc: fromHundredths(row.bonusGc),
    bonusSc: fromHundredths(row.bonusSc),
    rakebackPercent: percentOf(row.rakebackBps),
    boostPercent: percentOf(row.boostBps),
    welcomeReward: row.welcomeReward,
    vipClubAccess: row.vipClubAccess,
    version,
  };
}

function orderIssue(field: 'scRequiredPlay' | 'gcRequiredPurchase', label: string, value: number, below?: number, above?: number) {
  if ((below === undefined || value >= below) && (above === undefined || value <= above)) return null;
  const low = below === undefined ? '0' : String(fromHundredths(below));
  const high = above === undefined ? 'no limit' : String(fromHundredths(above));
  return { field: `body.${field}`, message: `${label} must be between the tier below (${low}) and the tier above (${high}).` };
}

export interface ContentVip {
  list(): Promise<AdminVipTier[]>;
  update(request: FastifyRequest, tierId: number, input: TierChange): Promise<AdminVipTier>;
  versions(tierId: number): Promise<ContentVersion[]>;
}

export function createContentVip(ctx: AppContext, kit: AdminRouteKit): ContentVip {
  const vip = createVipService(ctx.db, ctx.bus, ctx.ledger);
  return {
    async list() {
      const [rows, versions] = await Promise.all([vip.allTiers(ctx.db), latestVersions(ctx.db, CONTENT_TYPE)]);
      return rows.map((row) => toAdmin(row, versions.get(String(row.vipTierId)) ?? 1));
    },

    async update(request, tierId, input) {
      return ctx.db.transaction(async (tx) => {
        const tiers = await vip.allTiers(tx, 'lock');
        const index = tiers.findIndex((tier) => tier.vipTierId === tierId);
        const current = tiers[index];
        if (!current) throw new AppError('NotFound', 'This VIP tier was not found.');
        const version = await latestVersion(tx, CONTENT_TYPE, String(tierId));
        if (version !== input.version) {
          throw new AppError(
            'ContentVersionStale',
            'Someone changed this tier in the meantime. Reload to see their change, then make yours again.',
          );
        }
        const sc = toHundredths(input.scRequiredPlay);
        const gc = toHundredths(input.gcRequiredPurchase);
        const below = tiers[index - 1];
        const above = tiers[index + 1];
        const issues = [
          orderIssue('scRequiredPlay', 'The SC play required', sc, below?.scRequiredPlay, above?.scRequiredPlay),
          orderIssue('gcRequiredPurchase', 'The GC purchase required', gc, below?.gcRequiredPurchase, above?.gcRequiredPurchase),
        ].filter((issue) => issue !== null);
        if (issues.length > 0) throw new AppError('RequestInputValidation', issues[0]!.message, { issues });

        const row = await vip.updateTier(tx, tierId, {
          name: input.name,
          scRequiredPlay: sc,
          gcRequiredPurchase: gc,
          bonusGc: toHundredths(input.bonusGc),
          bonusSc: toHundredths(input.bonusSc),
          rakebackBps: bpsOf(input.rakebackPercent),
          boostBps: bpsOf(input.boostPercent),
          welcomeReward: input.welcomeReward,
          vipClubAccess: input.vipClubAccess,
        });
        const { version: _before, ...before } = toAdmin(current, version);
        const { version: _after, ...after } = toAdmin(row, version + 1);
        const { operatorId } = kit.operatorOf(request);
        await keepVersion(tx, {
          contentType: CONTENT_TYPE,
          contentId: String(tierId),
          version: version + 1,
          before,
          after,
          operatorId,
          reason: input.reason,
        });
        await kit.audit(tx, request, {
          action: 'content.vip_tier.update',
          targetType: CONTENT_TYPE,
          targetId: String(tierId),
          before: { version, ...before },
          after: { version: version + 1, ...after },
          reason: input.reason,
        });
        return toAdmin(row, version + 1);
      });
    },

    async versions(tierId) {
      if (!(await vip.allTiers(ctx.db)).some((tier) => tier.vipTierId === tierId))
        throw new AppError('NotFound', 'This VIP tier was not found.');
      return versionsOf(ctx.db, CONTENT_TYPE, String(tierId));
    },
  };
}
