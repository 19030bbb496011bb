import { z } from 'zod';

/**
 * Popups (seed 000 sections 3, 4 and 6). GET /details/popups answers the active
 * popups the caller may see (visibility 0 visitors only, 1 signed-in players only, 2 everyone), by
 * group; a page shows the first of its group that is not dismissed. One-time popups, once closed or
 * acted on, are recorded as dismissed in local storage (DISMISSED_POPUPS_KEY).
 */
export const popupNames = ['lobbyPage', 'promotionPage', 'storePage', 'rewardPage', 'vipPage'] as const;
export type PopupName = (typeof popupNames)[number];

export const popupGroups = ['lobby', 'promotion', 'store', 'reward', 'vip'] as const;
export type PopupGroup = (typeof popupGroups)[number];

export const groupOfPopup: Record<PopupName, PopupGroup> = {
  lobbyPage: 'lobby',
  promotionPage: 'promotion',
  storePage: 'store',
  rewardPage: 'reward',
  vipPage: 'vip',
};

export const DISMISSED_POPUPS_KEY = 'dismissedPopups';

export const popupSchema = z.object({
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
});
export type Popup = z.infer<typeof popupSchema>;

export const popupListSchema = z.object({
  groups: z.object({
    lobby: z.array(popupSchema),
    promotion: z.array(popupSchema),
    store: z.array(popupSchema),
    reward: z.array(popupSchema),
    vip: z.array(popupSchema),
  }),
  count: z.number().int(),
});
export type PopupList = z.infer<typeof popupListSchema>;

/** What an operator may write: plain text (no markup), an in-app path for the button. */
export const popupInputSchema = z.object({
  popupName: z.enum(popupNames),
  isActive: z.boolean().default(true),
  visibility: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  textOne: z.string().trim().max(120),
  textTwo: z.string().trim().max(300).default(''),
  textThree: z.string().trim().max(300).default(''),
  btnText: z.string().trim().max(40).default(''),
  btnRedirection: z
    .string()
    .regex(/^\/[^/]/, 'The button must lead to a page of this site (a path starting with /).')
    .nullable()
    .default(null),
  desktopImageUrl: z.string().min(1),
  mobileImageUrl: z.string().min(1),
  isOneTime: z.boolean().default(false),
  orderId: z.number().int().default(0),
});
export type PopupInput = z.input<typeof popupInputSchema>;
