import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { profileQueryKey } from '../auth';
import { verificationTab } from '../kyc/pages';
import { redeemTab } from '../redeem/pages';
import { responsiblePlayTab } from '../responsible-play/pages';
import { accountTabOf, type AccountTab } from './account-paths';

function lazyTab(load: () => Promise<ComponentType>) {
  return lazy(async () => ({ default: await load() }));
}

/** Each tab's code loads when the tab is first opened; the owners' features keep their tabs. */
const PaymentStatusDialog = lazy(async () => ({ default: (await import('./payment-status-dialog')).PaymentStatusDialog }));

const tabComponents: Record<AccountTab, ComponentType> = {
  account: lazyTab(async () => (await import('./account-settings-tab')).AccountSettingsTab),
  verification: lazyTab(async () => (await verificationTab()).VerificationTab),
  security: lazyTab(async () => (await import('./security-tab')).SecurityTab),
  'responsible-play': lazyTab(async () => (await responsiblePlayTab()).ResponsiblePlayTab),
  'bet-history': lazyTab(async () => (await import('./bet-history-tab')).BetHistoryTab),
  transactions: lazyTab(async () => (await import('./transactions-tab')).TransactionsTab),
  redeem: lazyTab(async () => (await redeemTab()).RedeemTab),
};

/** The strip of seed 001 section 2 'Profile page'; Redeem exists but is not in it. */
const stripItems: readonly TabItem<AccountTab>[] = [
  { key: 'account', label: 'Account' },
  { key: 'verification', label: 'Verification' },
  { key: 'security', label: 'Security' },
  { key: 'responsible-play', label: 'Responsible Play' },
  { key: 'bet-history', label: 'Bet History' },
  { key: 'transactions', label: 'Transactions' },
];

/** Seed 001 section 4 'Other': the profile is refreshed on opening these tabs. */
const refreshesProfile: ReadonlySet<AccountTab> = new Set(['verification', 'transactions', 'redeem']);

/**
 * /user/account-details (private; seed 001 section 2 'Profile page'): the tab strip with the open
 * tab in the address (`?tab=`), each tab loaded lazily. Choosing a tab pushes a history entry,
 * so the back button returns to the previous tab. With check_id in the address, the 'Payment
 * Status' modal opens over it.
 */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = accountTabOf(searchParams.get('tab'));
  const queryClient = useQueryClient();
  const TabComponent = tabComponents[tab];
  const checkId = searchParams.get('check_id');

  useEffect(() => {
    if (refreshesProfile.has(tab)) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [tab, queryClient]);

  const openTab = (next: AccountTab) => {
    if (next === tab) return;
    setSearchParams((params) => {
      const copy = new URLSearchParams(params);
      copy.set('tab', next);
      return copy;
    });
  };

  return (
    <div className="flex flex-col gap-5 px-3 py-5 sm:px-5">
      <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">My Account</h1>
      <Tabs items={stripItems} value={tab} onChange={openTab} label="Account sections">
        <Suspense
          fallback={
            <div className="flex justify-center py-16 text-gold-300">
              <Spinner className="h-8 w-8" />
            </div>
          }
        >
          <TabComponent />
        </Suspense>
      </Tabs>
      {checkId ? (
        <Suspense fallback={null}>
          <PaymentStatusDialog
            checkId={checkId}
            onClose={() =>
              setSearchParams(
                (params) => {
                  const copy = new URLSearchParams(params);
                  copy.delete('check_id');
                  return copy;
                },
                { replace: true },
              )
            }
          />
        </Suspense>
      ) : null}
    </div>
  );
}
