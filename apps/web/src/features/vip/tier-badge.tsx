/** A tier's colours, by name (the seed's seven tiers), for cards and the step row. */
export const tierColours: Record<string, { from: string; to: string; ink: string }> = {
  Bronze: { from: '#b45309', to: '#78350f', ink: '#fde68a' },
  Silver: { from: '#94a3b8', to: '#475569', ink: '#f8fafc' },
  Gold: { from: '#f5b301', to: '#b45309', ink: '#1a1033' },
  Platinum: { from: '#67e8f9', to: '#0e7490', ink: '#ecfeff' },
  Diamond: { from: '#a5b4fc', to: '#4338ca', ink: '#eef2ff' },
  Emerald: { from: '#34d399', to: '#047857', ink: '#ecfdf5' },
  Ruby: { from: '#fb7185', to: '#9f1239', ink: '#fff1f2' },
};

export function TierGem({ name, className = 'h-12 w-12' }: { name: string; className?: string }) {
  const colours = tierColours[name] ?? tierColours.Gold!;
  const id = `gem-${name}`;
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colours.from} />
          <stop offset="1" stopColor={colours.to} />
        </linearGradient>
      </defs>
      <path d="M12 6h24l9 12-21 24L3 18z" fill={`url(#${id})`} stroke="rgba(255,255,255,0.45)" strokeWidth="1.5" />
      <path d="M3 18h42M12 6l6 12 6-12 6 12 6-12M18 18l6 24 6-24" fill="none" stroke="rgba(255,255,255,0.35)" strokeWidth="1.2" />
    </svg>
  );
}
