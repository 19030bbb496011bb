import { BalanceToggle } from './components/balance-toggle';
import { GetCoinsButton } from './components/get-coins-button';

/** What the wallet puts in the header for a signed-in player: the balance toggle and Get Coins. */
export function WalletHeaderActions() {
  return (
    <div className="flex items-center gap-1.5 sm:gap-2">
      <BalanceToggle />
      <GetCoinsButton />
    </div>
  );
}
