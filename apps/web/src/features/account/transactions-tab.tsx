export function TransactionsTab() {
  return <p className="text-sm text-ink-muted">Loading transactions…</p>;
}
