import {
  packageMessages,
  validTillAt,
  type AdminPackage,
  type ContentVersion,
  type createPackageRequestSchema,
  type updatePackageRequestSchema,
} from '@casino/contracts/admin-content';
import { fromHundredths, toHundredths } from '@casino/contracts/money';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { insertPackage, listAllPackages, lockPackage, packageExists, updatePackage, type PackageRow } from '../store/back-office.js';
import { keepVersion, versionsOf } from './content-versions.js';
import type { AdminRouteKit } from './kit.js';

/**
 * The content desk's store packages and flash-sale offers: price, coins, label,
 * order, on sale or not, and the offer settings. Like banners: made on the current version (3851
 * otherwise), the old version kept, audited with a reason, one transaction. The store and the
 * offers read the table on every request, and a purchase already started keeps the price of its
 * payment intent. New packages are created here too (version 1). A package's name (slug) stays as created; its image is an address on this site
 * (an uploaded image's, usually). The store module makes the change (store/back-office.ts); this
 * desk keeps the version and the audit record.
 */
type PackageChange = z.output<typeof updatePackageRequestSchema>;
type NewPackage = z.output<typeof createPackageRequestSchema>;

const CONTENT_TYPE = 'package';

function toAdminPackage(row: PackageRow): AdminPackage {
  return {
    packageId: row.id,
    slug: row.slug,
    packageType: row.packageType,
    showPackageType: row.showPackageType,
    imageUrl: row.imageUrl,
    amount: fromHundredths(row.amount),
    previousAmount: row.previousAmount === null ? null : fromHundredths(row.previousAmount),
    gcCoin: fromHundredths(row.gcCoin),
    scCoin: fromHundredths(row.scCoin),
    isActive: row.isActive,
    isPromo: row.isPromo,
    orderId: row.orderId,
    firstPurchaseApplicable: row.firstPurchaseApplicable,
    welcomePurchaseBonusApplicable: row.welcomePurchaseBonusApplicable,
    welcomePurchaseBonusApplicableMinutes: row.welcomePurchaseBonusApplicableMinutes,
    oneTimePurchaseBonusApplicable: row.oneTimePurchaseBonusApplicable,
    validTill: row.validTill?.toISOString() ?? null,
    version: row.version,
  };
}

/** A version keeps what the back office shows (decimals, ISO times), without the version itself. */
function snapshot(row: PackageRow) {
  const { version: _version, packageId: _id, ...state } = toAdminPackage(row);
  return state;
}

/** The columns an operator sets, from a create or change request (hundredths at the edge). */
function columnsOf(input: NewPackage | PackageChange) {
  return {
    packageType: input.packageType,
    showPackageType: input.showPackageType,
    amount: toHundredths(input.amount),
    previousAmount: input.previousAmount === null ? null : toHundredths(input.previousAmount),
    gcCoin: toHundredths(input.gcCoin),
    scCoin: toHundredths(input.scCoin),
    isActive: input.isActive,
    isPromo: input.isPromo,
    orderId: input.orderId,
    firstPurchaseApplicable: input.firstPurchaseApplicable,
    welcomePurchaseBonusApplicable: input.welcomePurchaseBonusApplicable,
    welcomePurchaseBonusApplicableMinutes: input.welcomePurchaseBonusApplicableMinutes,
    oneTimePurchaseBonusApplicable: input.oneTimePurchaseBonusApplicable,
    validTill: input.validTill === null ? null : validTillAt(input.validTill),
  };
}

export interface ContentPackages {
  list(): Promise<AdminPackage[]>;
  /** A new package (version 1), on sale in the store at once when active; its name must be free (3850). */
  create(request: FastifyRequest, input: NewPackage): Promise<AdminPackage>;
  update(request: FastifyRequest, packageId: number, input: PackageChange): Promise<AdminPackage>;
  versions(packageId: number): Promise<ContentVersion[]>;
}

export function createContentPackages(ctx: AppContext, kit: AdminRouteKit): ContentPackages {
  return {
    async list() {
      const rows = await listAllPackages(ctx.db);
      return rows.map(toAdminPackage);
    },

    async create(request, input) {
      return ctx.db.transaction(async (tx) => {
        const row = await insertPackage(tx, input.slug, { ...columnsOf(input), imageUrl: input.imageUrl ?? null });
        if (!row)
          throw new AppError('ContentSlugExists', packageMessages.slugTaken, {
            issues: [{ field: 'body.slug', message: packageMessages.slugTaken }],
          });
        const after = snapshot(row);
        const { operatorId } = kit.operatorOf(request);
        await keepVersion(tx, {
          contentType: CONTENT_TYPE,
          contentId: String(row.id),
          version: 1,
          before: null,
          after,
          operatorId,
          reason: input.reason,
        });
        await kit.audit(tx, request, {
          action: 'content.package.create',
          targetType: CONTENT_TYPE,
          targetId: String(row.id),
          after: { version: 1, ...after },
          reason: input.reason,
        });
        return toAdminPackage(row);
      });
    },

    async update(request, packageId, input) {
      return ctx.db.transaction(async (tx) => {
        const current = await lockPackage(tx, packageId);
        if (!current) throw new AppError('NotFound', 'This package was not found.');
        if (current.version !== input.version) {
          throw new AppError(
            'ContentVersionStale',
            'Someone changed this package in the meantime. Reload to see their change, then make yours again.',
          );
        }
        const version = current.version + 1;
        const row = await updatePackage(
          tx,
          packageId,
          { ...columnsOf(input), imageUrl: input.imageUrl === undefined ? current.imageUrl : input.imageUrl },
          version,
        );
        const before = snapshot(current);
        const after = snapshot(row);
        const { operatorId } = kit.operatorOf(request);
        await keepVersion(tx, {
          contentType: CONTENT_TYPE,
          contentId: String(packageId),
          version,
          before,
          after,
          operatorId,
          reason: input.reason,
        });
        await kit.audit(tx, request, {
          action: 'content.package.update',
          targetType: CONTENT_TYPE,
          targetId: String(packageId),
          before: { version: current.version, ...before },
          after: { version, ...after },
          reason: input.reason,
        });
        return toAdminPackage(row);
      });
    },

    async versions(packageId) {
      if (!(await packageExists(ctx.db, packageId))) throw new AppError('NotFound', 'This package was not found.');
      return versionsOf(ctx.db, CONTENT_TYPE, String(packageId));
    },
  };
}
