/**
 * Names and texts of the in-house game server, kept free of zod so that the game page (a small
 * bundle of its own) can import them.
 */

/** Where the game server lives; game pages are /rgs/play/<identifier>. */
export const RGS_PREFIX = '/rgs';
/** Header carrying the game session token (never a cookie: the page may be embedded anywhere). */
export const GAME_SESSION_HEADER = 'x-game-session';

export const rgsTexts = {
  insufficientFunds: 'You do not have sufficient coins',
  sessionEnded: 'Your game session has ended. Please open the game again from the lobby.',
} as const;
