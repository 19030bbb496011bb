import { Link } from 'react-router';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2" aria-label="Lucky Crown lobby">
      <img src="/favicon.svg" alt="" className="h-9 w-9" width={36} height={36} />
      {compact ? null : (
        <span className="font-display text-lg leading-none font-black tracking-wider uppercase">
          <span className="text-gradient-gold">Lucky</span> <span className="text-ink">Crown</span>
        </span>
      )}
    </Link>
  );
}
