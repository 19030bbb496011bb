import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useProfile } from '../auth';
import { PagePopup } from '../popups';
import { PageBanners } from '../banners';

function Reward({
  title,
  status,
  done,
  to,
  action,
}: {
  title: string;
  status: string;
  done: boolean;
  to: string;
  action: string;
}): ReactNode {
  return (
    <Card className="flex flex-col gap-3" data-testid="reward-card">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-display text-lg font-black tracking-wide uppercase">{title}</h2>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold uppercase ${done ? 'bg-emerald-500/20 text-emerald-300' : 'bg-gold-400/20 text-gold-300'}`}
        >
          {done ? 'Claimed' : 'Available'}
        </span>
      </div>
      <p className="text-sm text-ink-muted">{status}</p>
      <Link to={to} className="mt-auto text-sm font-bold text-gold-300 hover:text-gold-400">
        {action}
      </Link>
    </Card>
  );
}

/**
 * /user/reward (seed 000 section 2): the rewardPage banners, the player's rewards with their state
 * (daily bonus, welcome bonus, spin wheel, VIP tier, referrals) and the 'reward' popup.
 */
export function Component() {
  const profile = useProfile().data;
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="flex flex-col gap-6 px-3 py-5 sm:px-5">
      <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">Rewards</h1>
      <PageBanners pageName="rewardPage" />
      {!profile ? (
        <Skeleton className="h-48 rounded-2xl" />
      ) : (
        <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          <Reward
            title="Daily Bonus"
            done={profile.isDailyBonusClaimed}
            status={
              profile.isDailyBonusClaimed
                ? 'Claimed today. A new one opens at 00:00 UTC.'
                : 'Free coins are waiting: claim them from the lobby.'
            }
            to="/"
            action="Go to the lobby"
          />
          <Reward
            title="Welcome Bonus"
            done={profile.isWelcomeBonusClaimed}
            status={profile.isWelcomeBonusClaimed ? 'Claimed.' : 'Your welcome coins: claim them from the lobby.'}
            to="/"
            action="Go to the lobby"
          />
          <Reward
            title="Spin And Win"
            done={profile.isSpinWheelBonusClaimed}
            status={profile.isSpinWheelBonusClaimed ? 'Spun. The next spin opens 24 hours after the last.' : 'Your free spin is ready.'}
            to="/spin-wheel"
            action="Open the wheel"
          />
          <Reward
            title="VIP Tier"
            done={false}
            status={`${profile.vipTierDetail.currentTier.name}: ${profile.vipTierDetail.percentage}% of the way to ${profile.vipTierDetail.nextTier?.name ?? 'the top'}.`}
            to="/vip"
            action="See my tier"
          />
          <Reward
            title="Refer a Friend"
            done={false}
            status="Invite friends with your link and earn coins on their first purchase."
            to="/refer-a-friend"
            action="Get my link"
          />
        </div>
      )}
      <PagePopup group="reward" />
    </div>
  );
}
