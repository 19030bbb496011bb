/** Business constants named by the seeds (seed 000 section 9, seed 001 section 9). */
export const MINIMUM_AGE_YEARS = 18;
export const TOAST_DURATION_MS = 2000;
export const GAMES_PAGE_SIZE = 16;
export const LIVE_WINNERS_KEPT = 10;
export const HISTORY_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;
export const PROVIDER_FILTER_DELAY_MS = 300;
export const BANNER_AUTOPLAY_MS = 2000;
export const TICKER_SCROLL_SECONDS = 20;

export const coinTypes = ['SC', 'GC'] as const;
export type CoinType = (typeof coinTypes)[number];
export const DEFAULT_COIN: CoinType = 'SC';

/** The genders of seed 001 section 3 'User details'; account.ts holds the form's rule and labels. */
export const GENDERS = ['male', 'female', 'other'] as const;
