import { promotionTexts } from '@casino/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CoinIcon } from '../../components/ui/coin-icon';
import { Skeleton } from '../../components/ui/skeleton';
import { formatAmount } from '../../lib/format';
import { ApiError } from '../../lib/http';
import { referralDetailsQuery } from './api';

const day = (iso: string) => new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(new Date(iso));

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(promotionTexts.linkCopied);
  } catch {
    toast.error('Copying is not allowed here: select the link and copy it.');
  }
}

/** /refer-a-friend: the player's own referral link, the reward, and the friends who joined. */
export function Component() {
  const details = useQuery(referralDetailsQuery());
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  return (
    <div className="flex flex-col gap-5 px-3 py-5 sm:px-5">
      <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">{promotionTexts.referralTitle}</h1>
      {details.isPending ? (
        <Skeleton className="h-64 w-full rounded-2xl" />
      ) : details.isError ? (
        <Card role="alert" className="text-ink-muted">
          {details.error instanceof ApiError ? details.error.message : 'Your referral link could not be loaded. Please try again.'}
        </Card>
      ) : (
        <>
          <Card className="flex flex-col gap-4">
            <p className="text-ink-muted">{promotionTexts.referralIntro}</p>
            {details.data.reward.isActive ? (
              <p className="flex flex-wrap items-center gap-2 text-lg font-bold">
                <span>You get</span>
                <CoinIcon coin="GC" /> <span>{formatAmount(details.data.reward.gcAmount)} GC</span>
                <span>and</span>
                <CoinIcon coin="SC" /> <span>{formatAmount(details.data.reward.scAmount)} SC</span>
                <span>per friend&apos;s first purchase</span>
              </p>
            ) : (
              <p className="text-ink-muted">Referral rewards are paused right now; friends who join are still linked to you.</p>
            )}
            <label htmlFor="referral-link" className="text-sm font-semibold text-ink-muted">
              Your referral link
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id="referral-link"
                readOnly
                value={details.data.referralLink}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 rounded-xl border border-night-600 bg-night-900 px-3 py-2 font-mono text-sm text-ink"
              />
              <Button onClick={() => void copy(details.data.referralLink)}>{promotionTexts.copyLink}</Button>
            </div>
            <p className="text-sm text-ink-muted">
              Your code: <span className="font-mono font-bold text-gold-300">{details.data.referralCode}</span>
            </p>
          </Card>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Card>
              <p className="text-sm text-ink-muted">Friends joined</p>
              <p className="text-3xl font-black" data-testid="referred-count">
                {details.data.referredCount}
              </p>
            </Card>
            <Card>
              <p className="text-sm text-ink-muted">First purchases</p>
              <p className="text-3xl font-black">{details.data.rewardedCount}</p>
            </Card>
            <Card>
              <p className="text-sm text-ink-muted">Rewards earned</p>
              <p className="text-lg font-bold">
                {formatAmount(details.data.earned.gcAmount)} GC · {formatAmount(details.data.earned.scAmount)} SC
              </p>
            </Card>
          </div>
          <Card className="flex flex-col gap-3">
            <h2 className="font-display text-lg font-black tracking-wide uppercase">Your friends</h2>
            {details.data.friends.length === 0 ? (
              <p className="text-ink-muted">{promotionTexts.noFriendsYet}</p>
            ) : (
              <ul className="divide-y divide-night-700">
                {details.data.friends.map((friend) => (
                  <li key={`${friend.username}-${friend.joinedAt}`} className="flex items-center justify-between gap-3 py-2">
                    <span className="font-mono">{friend.username}</span>
                    <span className="text-sm text-ink-muted">Joined {day(friend.joinedAt)}</span>
                    <span className={friend.rewarded ? 'text-sm font-bold text-emerald-300' : 'text-sm text-ink-muted'}>
                      {friend.rewarded ? 'Reward credited' : 'Awaiting first purchase'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
