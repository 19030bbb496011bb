import { useId } from 'react';

/**
 * The crown mark (the drawing of public/favicon.svg) drawn in the page itself: an <img> of an SVG
 * is a document of its own that the browser parses and paints on the page's main thread
 * (docs/decisions/067). Decorative: the link or heading around it carries the name. The SVG stays
 * the site's favicon.
 */
export function CrownMark({ className }: { className: string }) {
  const gold = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd86b" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="#1a1036" />
      <path d="M12 44 L16 20 L26 32 L32 14 L38 32 L48 20 L52 44 Z" fill={`url(#${gold})`} />
      <rect x="12" y="46" width="40" height="6" rx="2" fill={`url(#${gold})`} />
    </svg>
  );
}
