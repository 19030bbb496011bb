/** A desk list's status filter: one pressed button per status, the list's own labels. */
export function StatusFilters<Status extends string>({
  statuses,
  labels,
  current,
  onChange,
}: {
  statuses: readonly Status[];
  labels: Record<Status, string>;
  current: Status;
  onChange: (status: Status) => void;
}) {
  return (
    <nav aria-label="Status" className="flex flex-wrap gap-1">
      {statuses.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={filter === current}
          onClick={() => onChange(filter)}
          className={
            filter === current
              ? 'cursor-pointer rounded-md border border-gold-400 bg-gold-500/10 px-2.5 py-1 text-xs font-semibold text-gold-300'
              : 'cursor-pointer rounded-md border border-night-600 px-2.5 py-1 text-xs text-ink-muted hover:border-gold-400 hover:text-ink'
          }
        >
          {labels[filter]}
        </button>
      ))}
    </nav>
  );
}
