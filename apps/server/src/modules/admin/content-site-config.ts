import {
  geolocationModeMessages,
  type AdminSiteConfig,
  type ContentVersion,
  type updateGeolocationModeRequestSchema,
  type updateSiteConfigRequestSchema,
} from '@casino/contracts/admin-content';
import { siteConfigKeys } from '@casino/contracts/site-config';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbExecutor } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { DEFAULT_BLOCKED_REGIONS } from '../geolocation/service.js';
import { configItems, saveConfigItems } from '../site-config/back-office.js';
import { keepVersion, latestVersion, versionsOf } from './content-versions.js';
import type { AdminRouteKit } from './kit.js';

/**
 * The site configuration from the back office: site name, support e-mail and
 * the regions the location check refuses, and the location gate's mode (enforce or monitor; the
 * compliance role's, its own request). The location check reads BLOCKED_REGIONS from the table at
 * every decision (modules/geolocation/service.ts), so a change applies to the next check with no
 * cache to clear; the mode is read on every guarded request, so it is kept in memory
 * (geolocation/mode.ts) and told of a change once it is committed. The whole configuration is one versioned item: its version is the latest kept
 * one (1 before any change), and the configuration's rows are locked while a change is made, so two
 * changes cannot both be made on the same version. The site-config module writes the rows
 * (site-config/back-office.ts); this desk keeps the version and the audit record.
 */
type SiteConfigChange = z.output<typeof updateSiteConfigRequestSchema>;
type GeolocationModeChange = z.output<typeof updateGeolocationModeRequestSchema>;

const CONTENT_TYPE = 'site_config';
const CONTENT_ID = 'site';
const KEYS = [siteConfigKeys.siteName, siteConfigKeys.supportEmail, siteConfigKeys.blockedRegions];

type SiteState = Awaited<ReturnType<typeof readState>>;

async function readState(db: DbExecutor, lock: boolean) {
  const rows = await configItems(db, KEYS, lock ? 'lock' : undefined);
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const regions = value(siteConfigKeys.blockedRegions);
  return {
    siteName: value(siteConfigKeys.siteName) ?? '',
    supportEmail: value(siteConfigKeys.supportEmail) ?? '',
    blockedRegions:
      regions === undefined
        ? DEFAULT_BLOCKED_REGIONS
        : regions
            .split(',')
            .map((code) => code.trim().toUpperCase())
            .filter(Boolean),
  };
}

export interface ContentSiteConfig {
  read(): Promise<AdminSiteConfig>;
  update(request: FastifyRequest, input: SiteConfigChange): Promise<AdminSiteConfig>;
  /** Enforce or monitor, from the next guarded request in every process; refused in production. */
  updateGeolocationMode(request: FastifyRequest, input: GeolocationModeChange): Promise<AdminSiteConfig>;
  versions(): Promise<ContentVersion[]>;
}

export function createContentSiteConfig(ctx: AppContext, kit: AdminRouteKit): ContentSiteConfig {
  const setting = ctx.geolocationMode;
  const modeFields = () => ({
    geolocationMode: setting.current(),
    geolocationModeDefault: setting.serverDefault,
    geolocationModeLocked: setting.locked,
  });

  /**
   * One change of the configuration: made on the version the operator saw (3851 otherwise, with
   * the configuration's rows locked), its rows written, the version kept and audited, in one
   * transaction. Answers the stored settings as they are after the change, with the new version.
   */
  async function saveChange(
    request: FastifyRequest,
    input: { version: number; reason: string },
    change: { action: string; before: (state: SiteState) => object; after: object; rows: { key: string; value: string }[] },
  ) {
    return ctx.db.transaction(async (tx) => {
      const state = await readState(tx, true);
      const current = await latestVersion(tx, CONTENT_TYPE, CONTENT_ID);
      if (current !== input.version) {
        throw new AppError(
          'ContentVersionStale',
          'Someone changed the site configuration in the meantime. Reload to see their change, then make yours again.',
        );
      }
      const before = change.before(state);
      await saveConfigItems(tx, change.rows);
      const version = current + 1;
      const { operatorId } = kit.operatorOf(request);
      await keepVersion(tx, {
        contentType: CONTENT_TYPE,
        contentId: CONTENT_ID,
        version,
        before,
        after: change.after,
        operatorId,
        reason: input.reason,
      });
      await kit.audit(tx, request, {
        action: change.action,
        targetType: CONTENT_TYPE,
        targetId: CONTENT_ID,
        before: { version: current, ...before },
        after: { version, ...change.after },
        reason: input.reason,
      });
      return { ...(await readState(tx, false)), version };
    });
  }

  return {
    async read() {
      return { ...(await readState(ctx.db, false)), ...modeFields(), version: await latestVersion(ctx.db, CONTENT_TYPE, CONTENT_ID) };
    },

    async updateGeolocationMode(request, input) {
      if (setting.locked && input.mode !== 'enforce') {
        throw new AppError('RequestInputValidation', geolocationModeMessages.locked, {
          issues: [{ field: 'body.mode', message: geolocationModeMessages.locked }],
        });
      }
      const saved = await saveChange(request, input, {
        action: 'content.site_config.geolocation_mode',
        before: () => ({ geolocationMode: setting.current() }),
        after: { geolocationMode: input.mode },
        rows: [{ key: siteConfigKeys.geolocationEnforcement, value: input.mode }],
      });
      // Only once committed: a refused or rolled-back change must not reach the gate.
      await setting.changed(input.mode);
      return { ...saved, ...modeFields() };
    },

    async update(request, input) {
      const after = { siteName: input.siteName, supportEmail: input.supportEmail, blockedRegions: input.blockedRegions };
      const saved = await saveChange(request, input, {
        action: 'content.site_config.update',
        before: (state) => state,
        after,
        rows: [
          { key: siteConfigKeys.siteName, value: after.siteName },
          { key: siteConfigKeys.supportEmail, value: after.supportEmail },
          { key: siteConfigKeys.blockedRegions, value: after.blockedRegions.join(',') },
        ],
      });
      return { ...saved, ...modeFields() };
    },

    versions: () => versionsOf(ctx.db, CONTENT_TYPE, CONTENT_ID),
  };
}
