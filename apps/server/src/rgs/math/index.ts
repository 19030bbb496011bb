/*
 * Public surface of the in-house game math: pure functions and data only (no
 * I/O). The RGS service layer wires `cryptoRng` into these engines; test RNGs
 * live in test-rng.ts and are deliberately not exported here.
 */
export * from './bets.js';
export * from './errors.js';
export * from './rng.js';
export * from './slot-types.js';
export * from './slot.js';
export * from './paylines.js';
export * from './slot-profiles.js';
export * from './scratch-types.js';
export * from './scratch.js';
export * from './scratch-profiles.js';
export * from './max-win.js';
export * from './theme-types.js';
export * from './slot-themes.js';
export * from './scratch-themes.js';
export * from './titles.js';
export * from './tile-art.js';
export * from './symbol-art.js';
