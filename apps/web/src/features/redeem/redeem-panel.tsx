import type { RedeemResponse } from '@casino/contracts/redeem';
import type { SsnOnFile } from '@casino/contracts/ssn';
import { aboveMaximumMessage, belowMinimumMessage, isKycVerified, redeemTexts } from '@casino/contracts/redeem';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs } from '../../components/ui/tabs';
import { ApiError, isSessionHandled } from '../../lib/http';
import { useProfile } from '../auth';
import { fundingSourcesQuery, useRedeemToBank, useRedeemToEwallet } from './api';
import { AmountInput } from './components/amount-input';
import { BalanceCards } from './components/balance-cards';
import { BankAccounts } from './components/bank-accounts';
import { BankLinkDialog } from './components/bank-link-dialog';
import { EwalletForm, type EwalletValues } from './components/ewallet-form';
import { RedeemOutcomeDialog, type RedeemOutcome } from './components/redeem-outcome-dialog';
import { RedeemRequests } from './components/redeem-requests';
import { SsnDialog } from './components/ssn-dialog';

/** Error codes whose description is shown in the 'Redeem Status' modal (the rules the server checks). */
const STATUS_CODES = new Set([3701, 3702, 3703, 3704]);

/** The yearly prize total reaches the reporting threshold and no SSN is on file (docs/decisions/059). */
const SSN_REQUIRED = 3711;

function outcomeOfError(error: unknown): RedeemOutcome | null {
  if (isSessionHandled(error)) return null;
  if (error instanceof ApiError) {
    if (error.hasCode(3079)) return { kind: 'restricted' };
    if (error.hasCode(3700)) return { kind: 'kyc-pending' };
    if (error.code !== undefined && STATUS_CODES.has(error.code)) return { kind: 'status', message: error.errors[0]?.description ?? '' };
  }
  return { kind: 'failed' };
}

type Method = 'bank' | 'ewallet';

/**
 * The redeem panel (seed 001 section 2 'Redeem page'), shown by /redeem and the account page's
 * hidden Redeem tab: balances, the explanation, the bank accounts with the Active one, the amount
 * and Redeem, 'Link your bank account', and the e-wallet form variant.
 */
export function RedeemPanel() {
  const profile = useProfile();
  const sources = useQuery(fundingSourcesQuery());
  const toBank = useRedeemToBank();
  const toEwallet = useRedeemToEwallet();
  const [method, setMethod] = useState<Method>('bank');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<RedeemOutcome | null>(null);
  const [linking, setLinking] = useState(false);
  // The redemption that waits for the SSN form, sent again once the number is saved.
  const [awaitingSsn, setAwaitingSsn] = useState<(() => void) | null>(null);
  const [ssnOnFile, setSsnOnFile] = useState<SsnOnFile | null>(null);

  if (!profile.data) {
    return (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  const user = profile.data;
  const min = user.minRedeemableCoins;
  const max = user.maxRedeemableCoins;
  const redeemable = user.userWallet.scCoin.wsc;

  const failed = (error: unknown, retry: () => void) => {
    if (error instanceof ApiError && error.hasCode(SSN_REQUIRED)) setAwaitingSsn(() => retry);
    else setOutcome(outcomeOfError(error));
  };

  const settle = (data: RedeemResponse, message: string | undefined, success: RedeemOutcome) => {
    if (data.success) setOutcome(success);
    else setOutcome({ kind: 'limit', message: message ?? data.limitCheck.message ?? redeemTexts.failedBody });
  };

  // KYC first, then the amount checks (seed 001 section 4 'Redeem'); the server checks them all again.
  const kycReady = () => {
    if (isKycVerified(user.kycStatus)) return true;
    setOutcome({ kind: 'kyc-pending' });
    return false;
  };

  const amountProblem = (value: number): string | undefined => {
    if (value < min) return belowMinimumMessage(min);
    if (value > max) return aboveMaximumMessage(max);
    if (value > redeemable) return redeemTexts.insufficient;
    return undefined;
  };

  const redeemToBank = (event: FormEvent) => {
    event.preventDefault();
    if (!kycReady()) return;
    if (amount === '') return setAmountError('Amount Required');
    const value = Number(amount);
    if (value <= 0) return setAmountError('Must be greater than 0');
    const problem = amountProblem(value);
    setAmountError(problem);
    if (problem) return;
    const send = () =>
      toBank.mutate(value, {
        onSuccess: ({ data, message }) => {
          if (data.success) setAmount('');
          settle(data, message, { kind: 'in-process' });
        },
        onError: (error) => failed(error, send),
      });
    send();
  };

  const redeemToEwallet = (values: EwalletValues) => {
    if (!kycReady()) return;
    const problem = amountProblem(values.amount);
    if (problem) return setOutcome({ kind: 'status', message: problem });
    const send = () =>
      toEwallet.mutate(values, {
        onSuccess: ({ data, message }) => settle(data, message, { kind: 'submitted' }),
        onError: (error) => failed(error, send),
      });
    send();
  };

  const list = sources.data?.list ?? [];
  return (
    <div className="flex flex-col gap-5">
      <BalanceCards wallet={user.userWallet} />
      <p className="rounded-2xl border border-night-600/70 bg-night-800/60 p-4 text-sm text-ink-muted">{redeemTexts.explanation}</p>
      <Tabs
        items={[
          { key: 'bank', label: 'Bank account' },
          { key: 'ewallet', label: 'E-wallet' },
        ]}
        value={method}
        onChange={setMethod}
        label="Redeem to"
      >
        {method === 'bank' ? (
          <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
            <section className="flex flex-col gap-3" aria-labelledby="bank-accounts-title">
              <h2 id="bank-accounts-title" className="font-display text-lg font-extrabold tracking-wide uppercase">
                Bank accounts
              </h2>
              {sources.isPending ? <Skeleton className="h-20 rounded-2xl" /> : <BankAccounts sources={list} userId={user.userId} />}
              <p className="text-xs text-ink-faint">{redeemTexts.activeNote}</p>
              <Button variant="outline" onClick={() => setLinking(true)} disabled={!sources.data}>
                Link your bank account
              </Button>
            </section>
            <form
              noValidate
              onSubmit={redeemToBank}
              className="flex flex-col gap-4 rounded-2xl border border-night-600/70 bg-night-800/60 p-4"
            >
              <AmountInput
                label="Amount (SC)"
                name="amount"
                value={amount}
                onChange={(value) => {
                  setAmount(value);
                  setAmountError(undefined);
                }}
                placeholder={`${min} - ${max}`}
                error={amountError}
                hint={`Redeemable: ${redeemable.toFixed(2)} SC`}
              />
              {ssnOnFile ? (
                <p className="text-xs text-ink-faint" data-testid="ssn-on-file">
                  SSN on file: {ssnOnFile.ssnMasked}
                </p>
              ) : null}
              <Button type="submit" size="lg" loading={toBank.isPending}>
                Redeem
              </Button>
            </form>
          </div>
        ) : (
          <div className="max-w-md">
            <EwalletForm min={min} max={max} email={user.email} busy={toEwallet.isPending} onSubmit={redeemToEwallet} />
          </div>
        )}
      </Tabs>
      <RedeemRequests />
      {linking && sources.data ? <BankLinkDialog linkUrl={sources.data.finixData.linkUrl} onClose={() => setLinking(false)} /> : null}
      {awaitingSsn ? (
        <SsnDialog
          onClose={() => setAwaitingSsn(null)}
          onSaved={(onFile) => {
            setSsnOnFile(onFile);
            setAwaitingSsn(null);
            awaitingSsn();
          }}
        />
      ) : null}
      <RedeemOutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </div>
  );
}
