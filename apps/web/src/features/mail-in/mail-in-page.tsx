import {
  formatMailInCode,
  mailInRefusalLabels,
  type MailInRequest,
  type MailInRequestStatus,
  type MailInRules,
} from '@casino/contracts/mail-in';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatAmount, formatDate } from '../../lib/format';
import { errorMessage, isSessionHandled } from '../../lib/http';
import { useAuthDialog, useAuthStore } from '../auth';
import { mailInRequestsQuery, mailInRulesQuery, useRequestMailInCode } from './api';

const periodWords = { day: 'UTC day', week: 'UTC week (Monday to Sunday)' } as const;

/**
 * /mail-in-entry: the free alternate method of entry (docs/decisions/069-mail-in-entry.md). The
 * rules, the postal address and the card format come from the operators' settings; a signed-in
 * player gets a single-use request code (one open at a time) and sees what became of each card.
 */
export function Component() {
  const rules = useQuery(mailInRulesQuery());
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-3 py-5 sm:px-5 sm:py-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-2xl font-black tracking-wide text-gradient-gold uppercase sm:text-3xl">Mail-in Entry</h1>
        <p className="max-w-prose text-ink-muted">
          No purchase is necessary. Send us a card by post and we credit free Sweeps Coins to your account.
        </p>
      </header>
      {rules.isPending ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : rules.isError ? (
        <Card role="alert" className="text-ink-muted">
          The mail-in rules could not be loaded. Please try again later.
        </Card>
      ) : (
        <>
          <Summary rules={rules.data} />
          {signedIn ? <CodeSection /> : <SignInPrompt />}
          <HowToSend rules={rules.data} />
          <Section title="Rules">
            <div className="flex flex-col gap-3 text-sm leading-relaxed text-ink-muted">
              {rules.data.rulesText.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
          </Section>
          {signedIn ? <RequestsSection /> : null}
        </>
      )}
    </div>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card className={cn('flex flex-col gap-3', className)}>
        <h2 id={id} className="font-display text-lg font-black tracking-wide uppercase">
          {title}
        </h2>
        {children}
      </Card>
    </section>
  );
}

function Summary({ rules }: { rules: MailInRules }) {
  const facts = [
    { label: 'Per valid card', value: `${formatAmount(rules.scAmount)} SC`, note: 'credited as bonus Sweeps Coins' },
    {
      label: 'Limit',
      value: `${rules.capCount} ${rules.capCount === 1 ? 'card' : 'cards'}`,
      note: `credited per ${periodWords[rules.capPeriod]}`,
    },
    { label: 'Postmark', value: `${rules.postmarkDays} days`, note: 'from the day you get your code' },
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-2xl border border-night-600/70 bg-night-900/60 p-4">
          <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{fact.label}</dt>
          <dd className="mt-1 text-2xl font-black text-gold-300">{fact.value}</dd>
          <dd className="text-xs text-ink-muted">{fact.note}</dd>
        </div>
      ))}
    </dl>
  );
}

function SignInPrompt() {
  const show = useAuthDialog((state) => state.show);
  return (
    <Section title="Your request code">
      <p className="text-ink-muted">Sign in to get your request code: every card needs a code of its own, tied to your account.</p>
      <div>
        <Button onClick={() => show('login')}>Sign in</Button>
      </div>
    </Section>
  );
}

function CodeSection() {
  const requests = useQuery(mailInRequestsQuery());
  const ask = useRequestMailInCode();
  const [copied, setCopied] = useState<string | null>(null);
  const open = requests.data?.rows.find((row) => row.status === 'open');
  const failure =
    ask.isError && !isSessionHandled(ask.error) ? errorMessage(ask.error, 'Your code could not be made. Please try again.') : null;

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(formatMailInCode(code));
      setCopied('Code copied.');
    } catch {
      setCopied('Copying is not allowed here: select the code and copy it.');
    }
  }

  return (
    <Section title="Your request code" className="border-gold-500/40">
      {requests.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : requests.isError ? (
        <p role="alert" className="text-danger">
          Your requests could not be loaded. Please try again later.
        </p>
      ) : open ? (
        <>
          <p className="text-sm text-ink-muted">Write this code on your card. It can be used once, on one card.</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <p
              className="rounded-xl border border-gold-500/50 bg-night-950/70 px-4 py-3 text-center font-mono text-2xl font-black tracking-[0.2em] break-all text-gold-300 sm:text-3xl"
              data-testid="mail-in-code"
              aria-label={`Your request code: ${open.code.split('').join(' ')}`}
            >
              {formatMailInCode(open.code)}
            </p>
            <Button variant="outline" onClick={() => void copy(open.code)}>
              Copy code
            </Button>
          </div>
          <p className="text-xs text-ink-muted">
            Requested {formatDate(open.createdAt)}. You can ask for a new code once a card with this one has been decided.
          </p>
        </>
      ) : (
        <>
          <p className="text-ink-muted">Get a code, write it on your card with the details below, and post it to us.</p>
          <div>
            <Button loading={ask.isPending} onClick={() => ask.mutate()}>
              Get my request code
            </Button>
          </div>
        </>
      )}
      <p role="status" className="text-sm text-emerald-300 empty:hidden">
        {ask.isSuccess && open ? (ask.data.message ?? 'Your request code is ready.') : copied}
      </p>
      {failure ? (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger">
          {failure}
        </p>
      ) : null}
    </Section>
  );
}

function HowToSend({ rules }: { rules: MailInRules }) {
  return (
    <Section title="How to send your card">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1">
          <h3 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Postal address</h3>
          <address className="rounded-xl border border-night-600 bg-night-950/60 p-3 text-sm whitespace-pre-line text-ink not-italic">
            {rules.postalAddress}
          </address>
        </div>
        <div className="flex flex-col gap-1">
          <h3 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Card format</h3>
          <p className="text-sm leading-relaxed whitespace-pre-line text-ink">{rules.cardFormat}</p>
        </div>
      </div>
    </Section>
  );
}

const statusStyles: Record<MailInRequestStatus, { label: string; className: string }> = {
  open: { label: 'Open', className: 'bg-gold-400/20 text-gold-300' },
  credited: { label: 'Credited', className: 'bg-emerald-500/20 text-emerald-300' },
  refused: { label: 'Refused', className: 'bg-danger/20 text-danger' },
};

function outcomeOf(request: MailInRequest): string {
  if (request.status === 'credited') return `${formatAmount(request.sc ?? 0)} SC credited as bonus Sweeps Coins.`;
  if (request.status === 'refused' && request.refusalReason) return mailInRefusalLabels[request.refusalReason];
  return 'Waiting for your card.';
}

function RequestsSection() {
  const requests = useQuery(mailInRequestsQuery());
  const rows = requests.data?.rows ?? [];
  return (
    <Section title="Your requests">
      {requests.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : rows.length === 0 ? (
        <p className="text-ink-muted">You have no requests yet.</p>
      ) : (
        <ul className="divide-y divide-night-700" aria-label="Your mail-in requests">
          {rows.map((request) => {
            const status = statusStyles[request.status];
            return (
              <li
                key={request.requestId}
                className="flex flex-col gap-1 py-3 sm:grid sm:grid-cols-[auto_1fr_auto] sm:items-center sm:gap-4"
                data-testid="mail-in-request"
              >
                <span className="font-mono font-bold tracking-wider text-ink">{formatMailInCode(request.code)}</span>
                <span className="text-sm text-ink-muted">
                  <span className="sr-only">Requested </span>
                  {formatDate(request.createdAt)}: {outcomeOf(request)}
                </span>
                <span className={cn('w-fit rounded-full px-2 py-0.5 text-xs font-bold uppercase', status.className)}>{status.label}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
