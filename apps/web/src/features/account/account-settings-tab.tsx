export function AccountSettingsTab() {
  return <p className="text-sm text-ink-muted">Loading account settings…</p>;
}
