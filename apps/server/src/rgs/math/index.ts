/*
 * Public surface of the in-house game math: pure functions and data only (no
 * I/O). The engines and their profiles live in packages/contracts/src/game-math,
 * shared with the round verifier (the /provably-fair page and
 * scripts/verify-round.mjs); the round service draws with the player's seeds
 * (rgs/seed-pairs.ts). Test RNGs live in test-rng.ts and are deliberately not
 * exported here.
 */
export * from '@casino/contracts/game-math/bets';
export * from '@casino/contracts/game-math/errors';
export * from '@casino/contracts/game-math/rng';
export * from '@casino/contracts/game-math/slot-types';
export * from '@casino/contracts/game-math/slot';
export * from '@casino/contracts/game-math/paylines';
export * from '@casino/contracts/game-math/slot-profiles';
export * from '@casino/contracts/game-math/scratch-types';
export * from '@casino/contracts/game-math/scratch';
export * from '@casino/contracts/game-math/scratch-profiles';
export * from '@casino/contracts/game-math/fair-draw';
export * from '@casino/contracts/game-math/fair-games';
export * from './max-win.js';
export * from './theme-types.js';
export * from './slot-themes.js';
export * from './scratch-themes.js';
export * from './titles.js';
export * from './tile-art.js';
export * from './symbol-art.js';
