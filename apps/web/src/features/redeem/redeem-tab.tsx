import { RedeemPanel } from './redeem-panel';

/** The account page's Redeem tab (seed 001 section 2: it exists but is not in the strip). */
export function RedeemTab() {
  return <RedeemPanel />;
}
