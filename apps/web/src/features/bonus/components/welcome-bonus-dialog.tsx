import type { WelcomeBonus } from '@casino/contracts/bonus';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useClaimBonus } from '../api';
import { BonusAmounts } from './bonus-amounts';

/** 'Welcome bonus received' (seed 000 section 2 'Dialogs'): the GC and SC amounts, Claim Now. */
export function WelcomeBonusDialog({ bonus, close }: { bonus: WelcomeBonus; close: () => void }) {
  const claim = useClaimBonus('welcome', close);
  return (
    <Dialog open title="Welcome bonus received" onClose={close} size="sm">
      <div className="flex flex-col gap-5">
        <BonusAmounts gcAmount={bonus.gcAmount} scAmount={bonus.scAmount} />
        <Button size="lg" className="w-full" loading={claim.isPending} onClick={() => claim.mutate()}>
          Claim Now
        </Button>
      </div>
    </Dialog>
  );
}
