import type { AdminPopup, ContentVersion, updatePopupRequestSchema } from '@casino/contracts/admin-content';
import type { PopupName } from '@casino/contracts/popups';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { createPopupService, type PopupRow } from '../popups/service.js';
import { keepVersion, latestVersion, latestVersions, versionsOf } from './content-versions.js';
import type { AdminRouteKit } from './kit.js';

/**
 * Popups from the back office: texts, button, page, who sees it, order, one-time,
 * shown or not, and its images (an upload's address; left out, they stay), written through the
 * popups' own `update` (which checks its input again). Versioned per popup (the latest kept version, 1 before any change; the row is locked while
 * changed) and audited; the lobby reads popups on each request.
 */
type PopupChange = z.output<typeof updatePopupRequestSchema>;

const CONTENT_TYPE = 'popup';

function toAdmin(row: PopupRow, version: number): AdminPopup {
  return {
    popupId: row.id,
    popupName: row.popupName as PopupName,
    isActive: row.isActive,
    visibility: row.visibility as 0 | 1 | 2,
    textOne: row.textOne,
    textTwo: row.textTwo,
    textThree: row.textThree,
    btnText: row.btnText,
    btnRedirection: row.btnRedirection,
    desktopImageUrl: row.desktopImageUrl,
    mobileImageUrl: row.mobileImageUrl,
    isOneTime: row.isOneTime,
    orderId: row.orderId,
    version,
  };
}

const snapshot = (popup: AdminPopup) => {
  const { version: _version, popupId: _id, ...state } = popup;
  return state;
};

export interface ContentPopups {
  list(): Promise<AdminPopup[]>;
  update(request: FastifyRequest, popupId: number, input: PopupChange): Promise<AdminPopup>;
  versions(popupId: number): Promise<ContentVersion[]>;
}

export function createContentPopups(ctx: AppContext, kit: AdminRouteKit): ContentPopups {
  const service = createPopupService(ctx.db);
  return {
    async list() {
      const [rows, versions] = await Promise.all([service.all(), latestVersions(ctx.db, CONTENT_TYPE)]);
      return rows.map((row) => toAdmin(row, versions.get(String(row.id)) ?? 1));
    },

    async update(request, popupId, input) {
      return ctx.db.transaction(async (tx) => {
        const current = await service.lock(tx, popupId);
        if (!current) throw new AppError('NotFound', 'This popup was not found.');
        const version = await latestVersion(tx, CONTENT_TYPE, String(popupId));
        if (version !== input.version) {
          throw new AppError(
            'ContentVersionStale',
            'Someone changed this popup in the meantime. Reload to see their change, then make yours again.',
          );
        }
        const { version: _version, reason, desktopImageUrl, mobileImageUrl, ...fields } = input;
        await service.update(tx, popupId, {
          ...fields,
          desktopImageUrl: desktopImageUrl ?? current.desktopImageUrl,
          mobileImageUrl: mobileImageUrl ?? current.mobileImageUrl,
        });
        const row = await service.find(tx, popupId);
        const before = snapshot(toAdmin(current, version));
        const after = snapshot(toAdmin(row!, version + 1));
        const { operatorId } = kit.operatorOf(request);
        await keepVersion(tx, {
          contentType: CONTENT_TYPE,
          contentId: String(popupId),
          version: version + 1,
          before,
          after,
          operatorId,
          reason,
        });
        await kit.audit(tx, request, {
          action: 'content.popup.update',
          targetType: CONTENT_TYPE,
          targetId: String(popupId),
          before: { version, ...before },
          after: { version: version + 1, ...after },
          reason,
        });
        return toAdmin(row!, version + 1);
      });
    },

    async versions(popupId) {
      if (!(await service.find(ctx.db, popupId))) throw new AppError('NotFound', 'This popup was not found.');
      return versionsOf(ctx.db, CONTENT_TYPE, String(popupId));
    },
  };
}
