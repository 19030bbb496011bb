/** The spin wheel's route (seed 000 section 2; the same string as app/paths, which features cannot import). */
export const SPIN_WHEEL_PATH = '/spin-wheel';
