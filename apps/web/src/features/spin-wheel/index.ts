/** The spin wheel feature's public entry: its path and the menu's link to it. */
export { SPIN_WHEEL_PATH } from './paths';
export { SpinAndWinLink } from './spin-and-win-link';
