import type { ContentVersion } from '@casino/contracts/admin-content';
import type { AdminMailInSettings, updateMailInSettingsRequestSchema } from '@casino/contracts/mail-in';
import { toHundredths } from '@casino/contracts/money';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { readMailInSettings, saveMailInSettings, type MailInSettings } from '../mail-in/settings.js';
import { toRules } from '../mail-in/service.js';
import { keepVersion, latestVersion, versionsOf } from './content-versions.js';
import type { AdminRouteKit } from './kit.js';

/**
 * The mail-in settings from the back office (docs/decisions/069-mail-in-entry.md): the SC a valid
 * card credits, the cap and its period, the postmark window, the postal address, the card format
 * and the rules' text. One versioned item like the site configuration: a change is made on the
 * version the operator saw (3851 otherwise, with the settings' rows locked), the previous state
 * kept in content_versions and the change audited, in one transaction. The next card entered and
 * the player's page read the new values.
 */
type MailInSettingsChange = z.output<typeof updateMailInSettingsRequestSchema>;

const CONTENT_TYPE = 'mail_in_settings';
const CONTENT_ID = 'mail_in';

export interface MailInSettingsDesk {
  read(): Promise<AdminMailInSettings>;
  update(request: FastifyRequest, input: MailInSettingsChange): Promise<AdminMailInSettings>;
  versions(): Promise<ContentVersion[]>;
}

export function createMailInSettingsDesk(db: Database, kit: AdminRouteKit): MailInSettingsDesk {
  return {
    async read() {
      return { ...toRules(await readMailInSettings(db)), version: await latestVersion(db, CONTENT_TYPE, CONTENT_ID) };
    },

    update: (request, input) =>
      db.transaction(async (tx) => {
        const before = await readMailInSettings(tx, 'lock');
        const current = await latestVersion(tx, CONTENT_TYPE, CONTENT_ID);
        if (current !== input.version) {
          throw new AppError(
            'ContentVersionStale',
            'Someone changed the mail-in settings in the meantime. Reload to see their change, then make yours again.',
          );
        }
        const after: MailInSettings = {
          scAmount: toHundredths(input.scAmount),
          capCount: input.capCount,
          capPeriod: input.capPeriod,
          postmarkDays: input.postmarkDays,
          postalAddress: input.postalAddress,
          cardFormat: input.cardFormat,
          rulesText: input.rulesText,
        };
        await saveMailInSettings(tx, after);
        const version = current + 1;
        await keepVersion(tx, {
          contentType: CONTENT_TYPE,
          contentId: CONTENT_ID,
          version,
          before: toRules(before),
          after: toRules(after),
          operatorId: kit.operatorOf(request).operatorId,
          reason: input.reason,
        });
        await kit.audit(tx, request, {
          action: 'mail_in.settings.update',
          targetType: CONTENT_TYPE,
          targetId: CONTENT_ID,
          before: { version: current, ...toRules(before) },
          after: { version, ...toRules(after) },
          reason: input.reason,
        });
        return { ...toRules(after), version };
      }),

    versions: () => versionsOf(db, CONTENT_TYPE, CONTENT_ID),
  };
}
