import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { vipTiersQuery } from './api';
import { TierGem } from './tier-badge';

/** The six tiers /vipNew shows (seed 000 section 2: no Ruby there). */
const SHOWN = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Emerald'];

const BENEFITS = [
  { title: 'Weekly Boost', text: 'A boost on the coins you buy each week, rising with your tier.' },
  { title: 'Daily Rakeback', text: "A share of the previous day's SC net loss back as bonus SC." },
  { title: 'Tier Rewards', text: 'Gold Coins and Sweeps Coins the moment you reach each tier.' },
  { title: 'VIP Club', text: 'From Platinum: a VIP manager, monthly bonuses and priority withdrawals.' },
];

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** /vipNew: the tiers as plain cards (no personal progress) and the programme's benefits. */
export function Component() {
  const tiers = useQuery(vipTiersQuery());
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="flex flex-col gap-6 px-3 py-5 sm:px-5">
      <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">VIP Tiers</h1>
      {tiers.isPending ? (
        <Skeleton className="h-72 rounded-2xl" />
      ) : (
        <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          {(tiers.data?.vipTiers ?? [])
            .filter((tier) => SHOWN.includes(tier.name))
            .map((tier) => (
              <Card key={tier.vipTierId} className="flex items-center gap-4">
                <TierGem name={tier.name} className="h-14 w-14 shrink-0" />
                <div className="flex flex-col gap-0.5 text-sm">
                  <h2 className="font-display text-lg font-black tracking-wide uppercase">{tier.name}</h2>
                  <span>
                    {tier.boost}% Weekly Boost · {tier.rakeback}% Rakeback
                  </span>
                  <span className="text-ink-muted">
                    Reward {number(tier.bonusGc)} GC + {number(tier.bonusSc)} SC
                  </span>
                  <span className="text-ink-muted">VIP club access {tier.vipClubAccess ? 'Yes' : 'No'}</span>
                </div>
              </Card>
            ))}
        </div>
      )}
      <h2 className="font-display text-xl font-black tracking-wide uppercase">Benefits</h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map((benefit) => (
          <Card key={benefit.title} className="flex flex-col gap-1">
            <h3 className="font-bold text-gold-300">{benefit.title}</h3>
            <p className="text-sm text-ink-muted">{benefit.text}</p>
          </Card>
        ))}
      </div>
    </div>
  );
}
