import { z } from 'zod';
import { reasonSchema } from './admin.js';
import { bannerPageNames } from './banners.js';
import { geolocationModes } from './geolocation.js';
import { popupNames } from './popups.js';

/**
 * The back office's content desk: banners. One schema per form and route, with
 * the messages the operator reads. Every change is kept as a version (before and after) and
 * recorded in the audit trail with its reason.
 */
export const contentMessages = {
  slugRule: 'Use 2 to 60 lowercase letters, digits and hyphens (it names the banner’s image).',
  titleRule: 'Please enter a title of 1 to 60 characters.',
  subtitleRule: 'The subtitle must be at most 120 characters.',
  redirectRule: 'Enter a path inside the site starting with / (for example /store), or leave it empty.',
  colourRule: 'Enter a colour as #rrggbb.',
  emblemRule: 'Please enter an emblem of 1 to 8 characters.',
  orderRule: 'The position must be a whole number from 0 to 1000.',
  pageRule: 'Choose where the banner is shown.',
  visibilityRule: 'Choose who sees the banner.',
} as const;

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, contentMessages.colourRule);

/** A path inside the app, never another site ('//host' or a scheme): the lobby follows it as a link. */
const redirectPath = z
  .string()
  .trim()
  .max(200, contentMessages.redirectRule)
  .refine((value) => value === '' || /^\/(?!\/)[A-Za-z0-9\-._~/?=&%]*$/.test(value), contentMessages.redirectRule)
  .transform((value) => (value === '' ? null : value));

// ---- Uploaded images ----

/**
 * Images uploaded from the content desk: JPEG or PNG by content, at most 5 MB, re-encoded without
 * metadata and scaled down to fit 1920 x 1920 px (a full-width banner on a desktop screen).
 */
export const contentImageRules = { maxBytes: 5_000_000, maxWidth: 1920, maxHeight: 1920 } as const;

export const contentImageMessages = {
  path: 'Enter the address of an image on this site (a path starting with /), or upload one.',
} as const;

/** An uploaded image as the upload answers it: its address on our origin and what was stored. */
export const contentImageSchema = z.object({
  url: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png']),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

/** An image address on this site (an upload's address or a seeded file), never another site. */
const imagePath = z
  .string(contentImageMessages.path)
  .trim()
  .max(300, contentImageMessages.path)
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~/?=&%]*$/, contentImageMessages.path);

export const bannerThemeSchema = z.object({
  from: colour,
  to: colour,
  accent: colour,
  emblem: z.string().trim().min(1, contentMessages.emblemRule).max(8, contentMessages.emblemRule),
});

/** What an operator may change on a banner. */
export const bannerFieldsSchema = z.object({
  pageName: z.enum(bannerPageNames, contentMessages.pageRule),
  visibility: z.union([z.literal(0), z.literal(1)], contentMessages.visibilityRule),
  title: z.string().trim().min(1, contentMessages.titleRule).max(60, contentMessages.titleRule),
  subtitle: z.string().trim().max(120, contentMessages.subtitleRule),
  redirectUrl: redirectPath.nullable(),
  theme: bannerThemeSchema,
  orderId: z
    .number(contentMessages.orderRule)
    .int(contentMessages.orderRule)
    .min(0, contentMessages.orderRule)
    .max(1000, contentMessages.orderRule),
  isActive: z.boolean(),
  /** An uploaded image shown instead of the generated artwork; empty: the artwork; left out: unchanged. */
  customImageUrl: z
    .union([z.literal('').transform(() => null), imagePath])
    .nullable()
    .optional(),
});

/** `version`: the version the operator edited; a change to an older one is refused (3851). */
export const updateBannerRequestSchema = bannerFieldsSchema.extend({ version: z.number().int().positive(), reason: reasonSchema });
export type UpdateBannerRequest = z.input<typeof updateBannerRequestSchema>;

export const createBannerRequestSchema = bannerFieldsSchema.extend({
  reason: reasonSchema,
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])$/, contentMessages.slugRule),
});
export type CreateBannerRequest = z.input<typeof createBannerRequestSchema>;

/** A banner as the back office sees it: every field, its version and its image's address. */
export const adminBannerSchema = z.object({
  bannerId: z.number().int(),
  slug: z.string(),
  pageName: z.enum(bannerPageNames),
  visibility: z.union([z.literal(0), z.literal(1)]),
  title: z.string(),
  subtitle: z.string(),
  redirectUrl: z.string().nullable(),
  theme: z.object({ from: z.string(), to: z.string(), accent: z.string(), emblem: z.string() }),
  orderId: z.number().int(),
  isActive: z.boolean(),
  version: z.number().int(),
  /** What the lobby shows: the uploaded image, or the generated artwork. */
  imageUrl: z.string(),
  customImageUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** One kept version of a piece of content: the state before and after a change, who and why. */
export const contentVersionSchema = z.object({
  version: z.number().int(),
  before: z.unknown(),
  after: z.unknown(),
  operatorId: z.number().int().nullable(),
  operatorEmail: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ContentVersion = z.infer<typeof contentVersionSchema>;

// ---- Store packages and flash-sale offers ----

export const packageMessages = {
  price: 'The price must be more than $0 and at most $10,000, in whole cents.',
  previousPrice: 'The crossed-out price must be higher than the price, or left empty.',
  coins: 'Coins must be 0 or more, in hundredths at most.',
  noCoins: 'A package must give some Gold Coins or Sweeps Coins.',
  label: 'The label must be at most 40 characters.',
  welcomeMinutes: 'A welcome offer needs its window: 1 to 1440 minutes after sign-up.',
  validTill: 'Enter the end as a date and time, or leave it empty.',
  slug: 'Use 2 to 60 lowercase letters, digits and hyphens for the package name.',
  slugTaken: 'A package with this name already exists. Choose another name.',
} as const;

const cents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const price = z
  .number(packageMessages.price)
  .gt(0, packageMessages.price)
  .max(10_000, packageMessages.price)
  .refine(cents, packageMessages.price);
const coins = (max: number) =>
  z.number(packageMessages.coins).min(0, packageMessages.coins).max(max, packageMessages.coins).refine(cents, packageMessages.coins);

/**
 * What an operator may change on a package or offer. Refused: a price of 0 or less, a package
 * giving nothing, a crossed-out price not above the price, a welcome offer without its window.
 */
const packageFieldsSchema = z.object({
  packageType: z
    .string()
    .trim()
    .max(40, packageMessages.label)
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  showPackageType: z.boolean(),
  /** The picture on the store's card; empty: none; left out: unchanged. */
  imageUrl: z
    .union([z.literal('').transform(() => null), imagePath])
    .nullable()
    .optional(),
  amount: price,
  previousAmount: price.nullable(),
  gcCoin: coins(100_000_000),
  scCoin: coins(100_000),
  isActive: z.boolean(),
  isPromo: z.boolean(),
  orderId: z
    .number(contentMessages.orderRule)
    .int(contentMessages.orderRule)
    .min(0, contentMessages.orderRule)
    .max(1000, contentMessages.orderRule),
  firstPurchaseApplicable: z.boolean(),
  welcomePurchaseBonusApplicable: z.boolean(),
  welcomePurchaseBonusApplicableMinutes: z
    .number(packageMessages.welcomeMinutes)
    .int(packageMessages.welcomeMinutes)
    .min(1, packageMessages.welcomeMinutes)
    .max(1440, packageMessages.welcomeMinutes)
    .nullable(),
  oneTimePurchaseBonusApplicable: z.boolean(),
  /** An ISO time; without an offset (a datetime-local field) it is UTC; empty: no end. */
  validTill: z
    .union([z.literal('').transform(() => null), z.iso.datetime({ offset: true, local: true, message: packageMessages.validTill })])
    .nullable(),
});

/**
 * The package rules across fields: a price above a crossed-out one, some coins, a welcome offer's
 * window. One function for both forms (zod refuses to extend a schema that carries refinements).
 */
function withPackageRules<T extends z.ZodType<z.output<typeof packageFieldsSchema>>>(schema: T) {
  return schema
    .refine((input) => input.previousAmount === null || input.previousAmount > input.amount, {
      message: packageMessages.previousPrice,
      path: ['previousAmount'],
    })
    .refine((input) => input.gcCoin > 0 || input.scCoin > 0, { message: packageMessages.noCoins, path: ['gcCoin'] })
    .refine((input) => !input.welcomePurchaseBonusApplicable || input.welcomePurchaseBonusApplicableMinutes !== null, {
      message: packageMessages.welcomeMinutes,
      path: ['welcomePurchaseBonusApplicableMinutes'],
    });
}

export const updatePackageRequestSchema = withPackageRules(
  packageFieldsSchema.extend({ version: z.number().int().positive(), reason: reasonSchema }),
);
export type UpdatePackageRequest = z.input<typeof updatePackageRequestSchema>;

/** A new package: its fields and a name (slug) no other package has. */
export const createPackageRequestSchema = withPackageRules(
  packageFieldsSchema.extend({
    slug: z
      .string(packageMessages.slug)
      .trim()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])$/, packageMessages.slug),
    reason: reasonSchema,
  }),
);
export type CreatePackageRequest = z.input<typeof createPackageRequestSchema>;

/** A validTill as a time: an ISO time without an offset is UTC. */
export function validTillAt(value: string): Date {
  return new Date(/(Z|[+-]\d\d:\d\d)$/.test(value) ? value : `${value}Z`);
}

export const adminPackageSchema = z.object({
  packageId: z.number().int(),
  slug: z.string(),
  packageType: z.string().nullable(),
  showPackageType: z.boolean(),
  imageUrl: z.string().nullable(),
  amount: z.number(),
  previousAmount: z.number().nullable(),
  gcCoin: z.number(),
  scCoin: z.number(),
  isActive: z.boolean(),
  isPromo: z.boolean(),
  orderId: z.number().int(),
  firstPurchaseApplicable: z.boolean(),
  welcomePurchaseBonusApplicable: z.boolean(),
  welcomePurchaseBonusApplicableMinutes: z.number().int().nullable(),
  oneTimePurchaseBonusApplicable: z.boolean(),
  validTill: z.string().nullable(),
  version: z.number().int(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

// ---- Site configuration ----

/** US postal codes the location check places a player in (us-atlas's states and territories). */
// prettier-ignore
export const usRegionCodes = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH',
  'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'AS', 'GU', 'MP',
  'PR', 'VI',
] as const;

export const siteConfigMessages = {
  siteName: 'Please enter a site name of 1 to 60 characters.',
  supportEmail: 'Please enter a valid e-mail address.',
  region: 'Choose regions from the list of US states and territories.',
  allBlocked: 'Every region cannot be blocked: nobody could play.',
} as const;

/**
 * The settings a content operator changes. The geolocation mode has its own request below: it
 * turns a compliance gate on and off, so it takes the compliance (or admin) role.
 */
export const updateSiteConfigRequestSchema = z.object({
  siteName: z.string().trim().min(1, siteConfigMessages.siteName).max(60, siteConfigMessages.siteName),
  supportEmail: z.email(siteConfigMessages.supportEmail).max(254, siteConfigMessages.supportEmail),
  blockedRegions: z
    .array(z.enum(usRegionCodes, siteConfigMessages.region), siteConfigMessages.region)
    .max(usRegionCodes.length - 1, siteConfigMessages.allBlocked)
    .transform((codes) => [...new Set(codes)].sort()),
  version: z.number().int().positive(),
  reason: reasonSchema,
});
export type UpdateSiteConfigRequest = z.input<typeof updateSiteConfigRequestSchema>;

export const adminSiteConfigSchema = z.object({
  siteName: z.string(),
  supportEmail: z.string(),
  blockedRegions: z.array(z.string()),
  /** The location gate's mode in force: the operators' setting, else the server's GEOLOCATION. */
  geolocationMode: z.enum(geolocationModes),
  /** The server's GEOLOCATION: the mode while no operator has set one. */
  geolocationModeDefault: z.enum(geolocationModes),
  /** Production: always enforce; the mode cannot be changed here. */
  geolocationModeLocked: z.boolean(),
  version: z.number().int(),
});
export type AdminSiteConfig = z.infer<typeof adminSiteConfigSchema>;

export const geolocationModeMessages = {
  mode: 'Choose enforce or monitor.',
  locked: 'In production the location check is always enforced; it cannot be switched to monitor.',
} as const;

/**
 * The location gate's mode: enforce (a failed check blocks play) or monitor (decisions recorded,
 * nothing blocked). Versioned with the rest of the site configuration.
 */
export const updateGeolocationModeRequestSchema = z.object({
  mode: z.enum(geolocationModes, geolocationModeMessages.mode),
  version: z.number().int().positive(),
  reason: reasonSchema,
});
export type UpdateGeolocationModeRequest = z.input<typeof updateGeolocationModeRequestSchema>;

// ---- Spin-wheel weights ----

export const wheelMessages = {
  weight: 'Every segment needs a whole-number weight from 1 to 1,000,000 (a weight of 0 would never win).',
  count: 'Give one weight per segment of the wheel.',
} as const;

/** New weights for the wheel's segments, in their order; the prizes stay as they are. */
export const updateWheelWeightsRequestSchema = z.object({
  weights: z
    .array(z.number(wheelMessages.weight).int(wheelMessages.weight).min(1, wheelMessages.weight).max(1_000_000, wheelMessages.weight))
    .min(2, wheelMessages.count)
    .max(24, wheelMessages.count),
  version: z.number().int().positive(),
  reason: reasonSchema,
});
export type UpdateWheelWeightsRequest = z.input<typeof updateWheelWeightsRequestSchema>;

export const adminWheelSchema = z.object({
  segments: z.array(
    z.object({
      position: z.number().int(),
      gcAmount: z.number(),
      scAmount: z.number(),
      weight: z.number().int(),
      isJackpot: z.boolean(),
      /** weight / sum of weights. */
      chance: z.number(),
    }),
  ),
  version: z.number().int(),
});
export type AdminWheel = z.infer<typeof adminWheelSchema>;

// ---- VIP tier values ----

export const vipMessages = {
  name: 'Please enter a tier name of 1 to 40 characters.',
  amount: 'Enter an amount of 0 or more, in hundredths at most.',
  percent: 'Enter a percentage from 0 to 100, in hundredths of a percent at most.',
  welcomeReward: 'The welcome reward text must be at most 200 characters.',
} as const;

const percent = z.number(vipMessages.percent).min(0, vipMessages.percent).max(100, vipMessages.percent).refine(cents, vipMessages.percent);
const amount = z
  .number(vipMessages.amount)
  .min(0, vipMessages.amount)
  .max(1_000_000_000, vipMessages.amount)
  .refine(cents, vipMessages.amount);

/**
 * A VIP tier's values. Coins and thresholds are decimals, percentages 0–100. The server also keeps
 * the thresholds in tier order (not below the tier under it, not above the tier over it).
 */
export const updateVipTierRequestSchema = z.object({
  name: z.string().trim().min(1, vipMessages.name).max(40, vipMessages.name),
  scRequiredPlay: amount,
  gcRequiredPurchase: amount,
  bonusGc: amount,
  bonusSc: amount,
  rakebackPercent: percent,
  boostPercent: percent,
  welcomeReward: z.string().trim().max(200, vipMessages.welcomeReward),
  vipClubAccess: z.boolean(),
  version: z.number().int().positive(),
  reason: reasonSchema,
});
export type UpdateVipTierRequest = z.input<typeof updateVipTierRequestSchema>;

export const adminVipTierSchema = z.object({
  vipTierId: z.number().int(),
  name: z.string(),
  scRequiredPlay: z.number(),
  gcRequiredPurchase: z.number(),
  bonusGc: z.number(),
  bonusSc: z.number(),
  rakebackPercent: z.number(),
  boostPercent: z.number(),
  welcomeReward: z.string(),
  vipClubAccess: z.boolean(),
  version: z.number().int(),
});
export type AdminVipTier = z.infer<typeof adminVipTierSchema>;

// ---- Popups ----

export const popupMessages = {
  headline: 'Please enter a headline of 1 to 120 characters.',
  text: 'This text must be at most 300 characters.',
  button: 'The button text must be at most 40 characters.',
  redirect: 'The button must lead to a page of this site (a path starting with /), or leave it empty.',
  visibility: 'Choose who sees the popup.',
  page: 'Choose the page the popup opens on.',
} as const;

/**
 * What an operator may change on a popup: plain text (React escapes it; no markup is rendered), a
 * path inside the site for the button, its images (addresses on this site, e.g. uploaded ones).
 */
export const updatePopupRequestSchema = z.object({
  popupName: z.enum(popupNames, popupMessages.page),
  isActive: z.boolean(),
  visibility: z.union([z.literal(0), z.literal(1), z.literal(2)], popupMessages.visibility),
  textOne: z.string().trim().min(1, popupMessages.headline).max(120, popupMessages.headline),
  textTwo: z.string().trim().max(300, popupMessages.text),
  textThree: z.string().trim().max(300, popupMessages.text),
  btnText: z.string().trim().max(40, popupMessages.button),
  btnRedirection: z
    .string()
    .trim()
    .max(200, popupMessages.redirect)
    .refine((value) => value === '' || /^\/(?!\/)[A-Za-z0-9\-._~/?=&%]*$/.test(value), popupMessages.redirect)
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  isOneTime: z.boolean(),
  /** The popup's images (desktop and phone); left out: they stay as they are. */
  desktopImageUrl: imagePath.optional(),
  mobileImageUrl: imagePath.optional(),
  orderId: z
    .number(contentMessages.orderRule)
    .int(contentMessages.orderRule)
    .min(0, contentMessages.orderRule)
    .max(1000, contentMessages.orderRule),
  version: z.number().int().positive(),
  reason: reasonSchema,
});
export type UpdatePopupRequest = z.input<typeof updatePopupRequestSchema>;

export const adminPopupSchema = z.object({
  popupId: z.number().int(),
  popupName: z.enum(popupNames),
  isActive: z.boolean(),
  visibility: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  textOne: z.string(),
  textTwo: z.string(),
  textThree: z.string(),
  btnText: z.string(),
  btnRedirection: z.string().nullable(),
  desktopImageUrl: z.string(),
  mobileImageUrl: z.string(),
  isOneTime: z.boolean(),
  orderId: z.number().int(),
  version: z.number().int(),
});
export type AdminPopup = z.infer<typeof adminPopupSchema>;

// ---- CMS pages ----

/** The largest HTML an operator may save for one page (the stored content is at most this size). */
export const CMS_CONTENT_MAX_CHARS = 200_000;

export const cmsPageMessages = {
  title: 'Please enter a title of 1 to 200 characters.',
  content: 'The page content must be at most 200,000 characters (about 200 KB).',
  slug: 'Use 2 to 100 lowercase letters, digits, hyphens and underscores for the address.',
  category: 'Choose where the page is linked from.',
  slugTaken: 'A page with this address already exists. Choose another address.',
} as const;

/** Where the player site links a page from: 1 the footer (policies, contact), 2 the sidebar (rules). */
export const cmsCategories = [
  { value: 1, label: 'Footer (policies, contact)' },
  { value: 2, label: 'Sidebar (rules)' },
] as const;

/**
 * What an operator may change on a CMS page: its English title (plain text) and its English HTML.
 * The server sanitises the HTML on save (ordinary content tags only; no scripts, event handlers,
 * styles, frames or javascript: links) and keeps what it stored, not what was typed.
 */
export const updateCmsPageRequestSchema = z.object({
  title: z.string().trim().min(1, cmsPageMessages.title).max(200, cmsPageMessages.title),
  content: z.string(cmsPageMessages.content).max(CMS_CONTENT_MAX_CHARS, cmsPageMessages.content),
  version: z.number().int().positive(),
  reason: reasonSchema,
});
export type UpdateCmsPageRequest = z.input<typeof updateCmsPageRequestSchema>;

/** A new page: its address (/<slug> on the player site), title, HTML (sanitised on save), where it is linked, shown or not. */
export const createCmsPageRequestSchema = updateCmsPageRequestSchema.omit({ version: true }).extend({
  slug: z
    .string(cmsPageMessages.slug)
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{1,99}$/, cmsPageMessages.slug),
  category: z.union([z.literal(1), z.literal(2)], cmsPageMessages.category),
  isActive: z.boolean(),
});
export type CreateCmsPageRequest = z.input<typeof createCmsPageRequestSchema>;

export const adminCmsPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.number().int(),
  isActive: z.boolean(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AdminCmsPage = z.infer<typeof adminCmsPageSchema>;
