/** The hidden Redeem tab of the profile page: built by the redeem feature. */
export function RedeemTab() {
  return <p className="text-sm text-ink-muted">Loading redeem…</p>;
}
