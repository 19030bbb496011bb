/**
 * A small grouped bar chart drawn as inline SVG: a few dozen bars need no chart library, and the
 * back office's code stays out of the lobby's bundle either way (its pages are lazy-loaded). The
 * figures are in the table below it, so the chart is an image with a summary for screen readers.
 */
export interface BarSeries {
  label: string;
  /** A Tailwind fill class, e.g. 'fill-gold-400'. */
  fillClass: string;
  values: readonly number[];
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / step) * step;
}

export function BarChart({
  title,
  labels,
  series,
  format,
}: {
  title: string;
  labels: readonly string[];
  series: readonly BarSeries[];
  format: (value: number) => string;
}) {
  const max = niceMax(Math.max(0, ...series.flatMap((entry) => entry.values)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const group = plotWidth / Math.max(1, labels.length);
  const bar = Math.max(1, (group * 0.8) / series.length);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  // At most ~8 day labels, whatever the range.
  const labelEvery = Math.max(1, Math.ceil(labels.length / 8));
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
        <span className="font-semibold text-ink">{title}</span>
        {series.map((entry) => (
          <span key={entry.label} className="flex items-center gap-1">
            <svg width="10" height="10" aria-hidden="true">
              <rect width="10" height="10" rx="2" className={entry.fillClass} />
            </svg>
            {entry.label}
          </span>
        ))}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`${title}: ${series.map((entry) => `${entry.label} ${format(entry.values.reduce((sum, value) => sum + value, 0))} in total`).join(', ')}`}
      >
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(max * share)}
              y2={y(max * share)}
              className="stroke-night-600"
              strokeWidth="1"
            />
            <text x={PAD.left - 6} y={y(max * share) + 4} textAnchor="end" className="fill-ink-muted text-[11px]">
              {format(max * share)}
            </text>
          </g>
        ))}
        {labels.map((label, index) => (
          <g key={label}>
            {series.map((entry, seriesIndex) => {
              const value = entry.values[index] ?? 0;
              return (
                <rect
                  key={entry.label}
                  x={PAD.left + index * group + group * 0.1 + seriesIndex * bar}
                  y={y(value)}
                  width={bar}
                  height={Math.max(0, PAD.top + plotHeight - y(value))}
                  className={entry.fillClass}
                >
                  <title>{`${label} ${entry.label}: ${format(value)}`}</title>
                </rect>
              );
            })}
            {index % labelEvery === 0 ? (
              <text x={PAD.left + index * group + group / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-ink-muted text-[11px]">
                {label.slice(5)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </figure>
  );
}
