import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected tab is in the
 * tab order. The panel content is whatever the caller renders for `value`.
 */
export function Tabs<K extends string>({
  items,
  value,
  onChange,
  children,
  label,
  className,
}: {
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  children: ReactNode;
  label: string;
  className?: string;
}) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    items.findIndex((item) => item.key === value),
  );

  // On a phone the strip scrolls sideways: the selected tab (opened from a link) is kept in view.
  useEffect(() => {
    refs.current[index]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [index]);

  const focusTab = (next: number) => {
    const wrapped = (next + items.length) % items.length;
    const item = items[wrapped];
    if (!item) return;
    onChange(item.key);
    refs.current[wrapped]?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto rounded-2xl border border-night-600/70 bg-night-900/70 p-1 scrollbar-thin"
        onKeyDown={(event) => {
          const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
          const next = moves[event.key];
          if (next === undefined) return;
          event.preventDefault();
          focusTab(next);
        }}
      >
        {items.map((item, i) => {
          const selected = item.key === value;
          return (
            <button
              key={item.key}
              ref={(node) => {
                refs.current[i] = node;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              className={cn(
                'shrink-0 cursor-pointer rounded-xl px-4 py-2 text-sm font-bold whitespace-nowrap transition',
                selected ? 'bg-gradient-to-b from-gold-300 to-gold-500 text-night-950' : 'text-ink-muted hover:bg-night-700 hover:text-ink',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${value}`} className="pt-4">
        {children}
      </div>
    </div>
  );
}
