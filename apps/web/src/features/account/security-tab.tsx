export function SecurityTab() {
  return <p className="text-sm text-ink-muted">Loading security…</p>;
}
