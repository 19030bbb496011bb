import { vipTexts, type VipTier } from '@casino/contracts/vip';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/http';
import { useProfile } from '../auth';
import { PagePopup } from '../popups';
import { vipTiersQuery } from './api';
import { TierGem } from './tier-badge';

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

function TierCard({ tier, claimed }: { tier: VipTier; claimed: boolean }) {
  return (
    <Card className="relative flex flex-col items-center gap-2 text-center" data-testid="vip-tier-card">
      {claimed ? (
        <span className="absolute top-3 right-3 rounded-full bg-emerald-500/20 px-2 py-0.5 text-xs font-bold text-emerald-300 uppercase">
          {vipTexts.claimed}
        </span>
      ) : null}
      <TierGem name={tier.name} />
      <h3 className="font-display text-lg font-black tracking-wide uppercase">{tier.name}</h3>
      <ul className="flex flex-col gap-0.5 text-sm text-ink-muted">
        <li>{tier.boost}% Weekly Boost</li>
        <li>{tier.rakeback}% Rakeback</li>
        <li>
          Reward {number(tier.bonusGc)} GC + {number(tier.bonusSc)} SC
        </li>
        <li>
          Play {number(tier.scRequiredPlay)} SC or buy {number(tier.gcRequiredPurchase)} GC
        </li>
        <li>VIP club access {tier.vipClubAccess ? 'Yes' : 'No'}</li>
      </ul>
    </Card>
  );
}

function HowToRankUp({ open, onClose, tiers }: { open: boolean; onClose: () => void; tiers: VipTier[] }) {
  return (
    <Dialog open={open} onClose={onClose} title={vipTexts.howToRankUp}>
      <div className="flex flex-col gap-3 text-sm">
        <p>
          Every Sweeps Coin you play and every Gold Coin you purchase moves you up. You reach a tier when either your SC played or your GC
          purchased meets its threshold, and each tier pays its reward once, the moment you reach it. Tiers never go down.
        </p>
        <p>Rakeback: each day, your tier&apos;s share of the previous day&apos;s SC net loss comes back to you as bonus SC.</p>
        <table className="w-full text-left">
          <thead className="text-xs text-ink-muted uppercase">
            <tr>
              <th className="py-1">Tier</th>
              <th className="py-1">SC played</th>
              <th className="py-1">or GC purchased</th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => (
              <tr key={tier.vipTierId} className="border-t border-night-700">
                <td className="py-1 font-semibold">{tier.name}</td>
                <td className="py-1">{number(tier.scRequiredPlay)}</td>
                <td className="py-1">{number(tier.gcRequiredPurchase)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}

/**
 * /vip (seed 000 sections 2 and 4): VIP TIER STATUS with the progress to the next tier, HOW TO
 * RANK UP, CURRENT BENEFITS, the tier cards with claimed badges, the step row (step i completed up
 * to the current tier; its percent ceil((i+1)/steps*100)) and UPCOMING VIP TIERS.
 */
export function Component() {
  const tiers = useQuery(vipTiersQuery());
  const detail = useProfile().data?.vipTierDetail;
  const [rankUpOpen, setRankUpOpen] = useState(false);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  if (tiers.isPending || !detail) return <Skeleton className="m-5 h-96 rounded-2xl" />;
  if (tiers.isError) {
    return (
      <Card role="alert" className="m-5 text-ink-muted">
        {tiers.error instanceof ApiError ? tiers.error.message : 'The VIP tiers could not be loaded. Please try again.'}
      </Card>
    );
  }
  const list = tiers.data.vipTiers;
  const currentIndex = Math.max(
    0,
    list.findIndex((tier) => tier.vipTierId === detail.currentTier.vipTierId),
  );
  const upcoming = list.slice(currentIndex + 1);
  // What the current tier pays, from the tiers the server credits by: its rakeback share as the
  // cashback, and the club's benefits only once the tier has club access.
  const current = list[currentIndex];
  const firstClubTier = list.find((tier) => tier.vipClubAccess);
  const benefits = [
    vipTexts.cashback(detail.currentTier.rakeback),
    ...(current?.vipClubAccess ? vipTexts.clubBenefits : firstClubTier ? [vipTexts.clubFrom(firstClubTier.name)] : []),
  ];

  return (
    <div className="flex flex-col gap-6 px-3 py-5 sm:px-5">
      <Card className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">{vipTexts.status}</h1>
          <Button variant="outline" onClick={() => setRankUpOpen(true)}>
            {vipTexts.howToRankUp}
          </Button>
        </div>
        <div className="flex items-center gap-4">
          <TierGem name={detail.currentTier.name} className="h-16 w-16" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="text-lg font-bold">
              <span className="text-gold-300" data-testid="vip-current-tier">
                {detail.currentTier.name}
              </span>
              {detail.nextTier ? (
                <span className="text-ink-muted"> → {detail.nextTier.name}</span>
              ) : (
                <span className="text-ink-muted"> · top tier</span>
              )}
            </p>
            <div
              className="h-3 overflow-hidden rounded-full bg-night-700"
              role="progressbar"
              aria-label="Progress to the next tier"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={detail.percentage}
            >
              <div className="h-full rounded-full bg-gradient-to-r from-gold-300 to-gold-500" style={{ width: `${detail.percentage}%` }} />
            </div>
            <p className="text-sm text-ink-muted" data-testid="vip-progress-text">
              {detail.percentage}% · SC played {number(detail.totalScSpend)}
              {detail.nextTier ? ` of ${number(detail.nextTier.scRequiredPlay)}` : ''} · GC purchased {number(detail.totalGcSpend)}
              {detail.nextTier ? ` of ${number(detail.nextTier.gcRequiredPurchase)}` : ''}
            </p>
          </div>
        </div>
      </Card>

      <ol className="grid gap-2" style={{ gridTemplateColumns: `repeat(${list.length}, minmax(0, 1fr))` }} aria-label="VIP steps">
        {list.map((tier, index) => {
          const completed = index <= currentIndex;
          const stepPercent = Math.ceil(((index + 1) / list.length) * 100);
          return (
            <li
              key={tier.vipTierId}
              className="flex flex-col items-center gap-1"
              aria-current={index === currentIndex ? 'step' : undefined}
            >
              <span className={`h-2 w-full rounded-full ${completed ? 'bg-gold-400' : 'bg-night-700'}`} />
              <span className={`text-[10px] font-bold uppercase sm:text-xs ${completed ? 'text-gold-300' : 'text-ink-muted'}`}>
                {tier.name}
              </span>
              <span className="hidden text-[10px] text-ink-muted sm:block">{stepPercent}%</span>
            </li>
          );
        })}
      </ol>

      <section className="flex flex-col gap-3" aria-labelledby="vip-current-benefits">
        <h2 id="vip-current-benefits" className="font-display text-xl font-black tracking-wide uppercase">
          {vipTexts.currentBenefits}
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {benefits.map((benefit) => (
            <Card key={benefit} className="text-center font-bold">
              {benefit}
            </Card>
          ))}
        </div>
        <p className="text-sm text-ink-muted">
          As {detail.currentTier.name}: {detail.currentTier.rakeback}% daily rakeback on SC net loss and a {detail.currentTier.boost}%
          weekly boost.
        </p>
      </section>

      <section className="flex flex-col gap-3">
        <h2 className="font-display text-xl font-black tracking-wide uppercase">Your Tiers</h2>
        <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
          {list.slice(0, currentIndex + 1).map((tier) => (
            <TierCard key={tier.vipTierId} tier={tier} claimed={tier.isClaimed} />
          ))}
        </div>
      </section>

      {upcoming.length > 0 ? (
        <section className="flex flex-col gap-3">
          <h2 className="font-display text-xl font-black tracking-wide uppercase">{vipTexts.upcoming}</h2>
          <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
            {upcoming.map((tier) => (
              <TierCard key={tier.vipTierId} tier={tier} claimed={false} />
            ))}
          </div>
        </section>
      ) : null}
      <HowToRankUp open={rankUpOpen} onClose={() => setRankUpOpen(false)} tiers={list} />
      <PagePopup group="vip" />
    </div>
  );
}
