import type { DailyBonus } from '@casino/contracts/bonus';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatCompactAmount } from '../../../lib/format';
import { useClaimBonus } from '../api';
import { BonusAmounts } from './bonus-amounts';

/** 'Daily reward' (seed 000 section 2 'Dialogs'): claim scAmount coins every day, GC plus SC free, Claim Now. */
export function DailyBonusDialog({ bonus, close }: { bonus: DailyBonus; close: () => void }) {
  const claim = useClaimBonus('daily', close);
  return (
    <Dialog open title="Daily reward" onClose={close} size="sm">
      <div className="flex flex-col gap-5">
        <p className="text-center text-sm font-semibold text-ink-muted">claim {formatCompactAmount(bonus.scAmount)} coins every day</p>
        <BonusAmounts gcAmount={bonus.gcAmount} scAmount={bonus.scAmount} scBadge="Free" />
        <Button size="lg" className="w-full" loading={claim.isPending} onClick={() => claim.mutate()}>
          Claim Now
        </Button>
      </div>
    </Dialog>
  );
}
