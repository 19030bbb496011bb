/** The Responsible Play tab of the profile page: built by the responsible-play feature. */
export function ResponsiblePlayTab() {
  return <p className="text-sm text-ink-muted">Loading responsible play…</p>;
}
