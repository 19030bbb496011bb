export function BetHistoryTab() {
  return <p className="text-sm text-ink-muted">Loading bet history…</p>;
}
