import { Link } from 'react-router';
import { useProfile } from '../auth';

/**
 * The sidebar's VIP progress bar (seed 000 section 2 'Layout'): the current and the next tier and
 * the server's percentage between them; it leads to /vip (the 'Vip Tier' entry). The link is named
 * by what it shows (WCAG 2.5.3 Label in Name: a voice user says what they see).
 */
export function VipSidebarProgress({ onNavigate }: { onNavigate?: () => void }) {
  const detail = useProfile().data?.vipTierDetail;
  if (!detail) return null;
  const { currentTier, nextTier, percentage } = detail;
  return (
    <Link
      to="/vip"
      onClick={onNavigate}
      className="flex flex-col gap-1.5 rounded-xl border border-night-700 bg-night-850 px-3 py-2.5 transition hover:border-gold-400/60"
      data-testid="vip-sidebar-progress"
    >
      <span className="flex items-center justify-between text-xs font-bold tracking-wide uppercase">
        <span className="text-gold-300">{currentTier.name}</span>
        <span className="text-ink-muted">{nextTier ? nextTier.name : 'Top tier'}</span>
      </span>
      <span
        className="h-2 overflow-hidden rounded-full bg-night-700"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        aria-label="VIP progress"
      >
        <span className="block h-full rounded-full bg-gradient-to-r from-gold-300 to-gold-500" style={{ width: `${percentage}%` }} />
      </span>
      <span className="text-[11px] text-ink-muted">Vip Tier · {percentage}%</span>
    </Link>
  );
}
