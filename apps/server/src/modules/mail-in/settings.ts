import { mailInCapPeriods, type MailInCapPeriod } from '@casino/contracts/mail-in';
import type { DbExecutor } from '../../db/client.js';
import { configItems, saveConfigItems } from '../site-config/back-office.js';

/**
 * The mail-in settings (docs/decisions/069-mail-in-entry.md): rows of the site configuration,
 * changed from the back office's Mail-in settings page (versioned and audited there), with these
 * defaults until an operator sets them. Amounts are hundredths of SC.
 */
export const mailInSettingKeys = {
  scAmount: 'MAIL_IN_SC_AMOUNT',
  capCount: 'MAIL_IN_CAP_COUNT',
  capPeriod: 'MAIL_IN_CAP_PERIOD',
  postmarkDays: 'MAIL_IN_POSTMARK_DAYS',
  postalAddress: 'MAIL_IN_POSTAL_ADDRESS',
  cardFormat: 'MAIL_IN_CARD_FORMAT',
  rulesText: 'MAIL_IN_RULES_TEXT',
} as const;

export interface MailInSettings {
  /** Hundredths of SC credited as bonus SC for a valid card. */
  scAmount: number;
  /** Credited cards a player may have per period. */
  capCount: number;
  capPeriod: MailInCapPeriod;
  postmarkDays: number;
  postalAddress: string;
  cardFormat: string;
  rulesText: string;
}

export const DEFAULT_MAIL_IN_SETTINGS: MailInSettings = {
  scAmount: 500,
  capCount: 1,
  capPeriod: 'day',
  postmarkDays: 30,
  postalAddress: 'Lucky Crown Social Casino\nMail-in Entry\nPO Box 4410\nWilmington, DE 19807\nUnited States',
  cardFormat:
    'One handwritten 4" x 6" postcard (or a card of that size in an envelope) with, in this order: your request code; your full name and your address exactly as on your account; the e-mail address of your account; the words "Lucky Crown Sweeps Coins". One card per envelope; cards that are printed, copied or sent in bulk are not accepted.',
  rulesText: [
    'No purchase is necessary to enter or win. A purchase does not improve your chances.',
    'You can get Sweeps Coins free by mail: ask for a request code on this page, then send one handwritten card in the format shown on this page to our postal address.',
    'Each code can be used once, on one card. Your card must be postmarked on or after the day you asked for its code, and within the number of days shown on this page.',
    'The name and address on the card must be those of your account. A valid card credits the amount of Sweeps Coins shown on this page as bonus Sweeps Coins, which are played through like every other free Sweeps Coin before they can be redeemed.',
    'There is a limit on how many cards are credited per player in each period. Cards that arrive once the limit is reached, are illegible, incomplete or late are refused; we tell you by e-mail either way.',
  ].join('\n\n'),
};

const KEYS = Object.values(mailInSettingKeys);

function wholeNumber(value: string | undefined, fallback: number): number {
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : fallback;
}

/** The settings in force (the stored rows over the defaults); `lock` locks the stored rows until the transaction ends. */
export async function readMailInSettings(db: DbExecutor, lock?: 'lock'): Promise<MailInSettings> {
  const rows = await configItems(db, KEYS, lock);
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const period = value(mailInSettingKeys.capPeriod);
  const text = (key: string, fallback: string) => value(key)?.trim() || fallback;
  const defaults = DEFAULT_MAIL_IN_SETTINGS;
  return {
    scAmount: wholeNumber(value(mailInSettingKeys.scAmount), defaults.scAmount),
    capCount: wholeNumber(value(mailInSettingKeys.capCount), defaults.capCount),
    capPeriod: mailInCapPeriods.find((known) => known === period) ?? defaults.capPeriod,
    postmarkDays: wholeNumber(value(mailInSettingKeys.postmarkDays), defaults.postmarkDays),
    postalAddress: text(mailInSettingKeys.postalAddress, defaults.postalAddress),
    cardFormat: text(mailInSettingKeys.cardFormat, defaults.cardFormat),
    rulesText: text(mailInSettingKeys.rulesText, defaults.rulesText),
  };
}

/** Writes every setting (in the caller's transaction, beside its kept version and audit record). */
export async function saveMailInSettings(tx: DbExecutor, settings: MailInSettings): Promise<void> {
  await saveConfigItems(tx, [
    { key: mailInSettingKeys.scAmount, value: String(settings.scAmount) },
    { key: mailInSettingKeys.capCount, value: String(settings.capCount) },
    { key: mailInSettingKeys.capPeriod, value: settings.capPeriod },
    { key: mailInSettingKeys.postmarkDays, value: String(settings.postmarkDays) },
    { key: mailInSettingKeys.postalAddress, value: settings.postalAddress },
    { key: mailInSettingKeys.cardFormat, value: settings.cardFormat },
    { key: mailInSettingKeys.rulesText, value: settings.rulesText },
  ]);
}
