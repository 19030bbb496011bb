import { useEffect } from 'react';
import { RedeemPanel } from './redeem-panel';

/** /redeem (seed 001 section 2 'Redeem page'), for signed-in players. */
export function Component() {
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="flex flex-col gap-5 px-3 py-5 sm:px-5">
      <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">Redeem</h1>
      <RedeemPanel />
    </div>
  );
}
