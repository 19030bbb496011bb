/** The Verification tab (phone and KYC) of the profile page: built by the KYC feature. */
export function VerificationTab() {
  return <p className="text-sm text-ink-muted">Loading verification…</p>;
}
