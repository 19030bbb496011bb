import {
  formatMailInCode,
  mailInCardRequestSchema,
  mailInRefusalLabels,
  type MailInCard,
  type MailInCardRequest,
  type MailInLookup,
} from '@casino/contracts/mail-in';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { AdminApiError, adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { ErrorNotice, Panel, SuccessNotice, Tag } from '../notices';
import { useEnterMailInCard, useMailInCards, useMailInLookup } from './mail-in-api';

const todayUtc = () => new Date().toISOString().slice(0, 10);

const columns: AdminColumn<MailInCard>[] = [
  { key: 'at', header: 'Entered (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
  { key: 'code', header: 'Code', cell: (row) => <span className="font-mono">{formatMailInCode(row.codeEntered)}</span> },
  {
    key: 'player',
    header: 'Player',
    cell: (row) => (row.userId ? <Link to={`/admin/players/${row.userId}`}>{row.username ?? `#${row.userId}`}</Link> : '—'),
  },
  { key: 'postmark', header: 'Postmark', cell: (row) => row.postmarkDate },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (row) =>
      row.outcome === 'credited' ? (
        <Tag tone="ok">Credited {row.sc?.toFixed(2)} SC</Tag>
      ) : (
        <span className="flex flex-col gap-0.5">
          <Tag tone="danger">Refused</Tag>
          <span className="text-ink-muted">{row.refusalReason ? mailInRefusalLabels[row.refusalReason] : ''}</span>
        </span>
      ),
  },
  { key: 'operator', header: 'Operator', cell: (row) => row.operatorEmail ?? '—' },
  { key: 'note', header: 'Reason', cell: (row) => row.note },
];

/**
 * The Mail-in desk (support and compliance; docs/decisions/069-mail-in-entry.md): type the code
 * of a card received, see whose request it is to compare the name and address, then enter the
 * card with its postmark date. The server decides: credited once, or refused with the reason.
 */
export default function MailInDeskPage() {
  const cards = useMailInCards();
  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Mail-in entries</h1>
      <CardForm />
      <Panel title="Cards entered">
        <AdminTable
          caption="Mail-in cards entered, newest first"
          columns={columns}
          rows={cards.data?.rows}
          rowKey={(row) => row.cardId}
          loading={cards.isFetching}
          error={cards.isError ? adminErrorText(cards.error) : null}
          emptyText="No card entered yet."
          minWidth={900}
        />
      </Panel>
    </div>
  );
}

function LookupResult({ found }: { found: MailInLookup }) {
  const tone = found.status === 'open' ? 'ok' : found.status === 'credited' ? 'warning' : 'danger';
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md border border-night-600 bg-night-900/70 p-3 text-sm"
      aria-label="Request found"
    >
      <dt className="text-ink-muted">Request</dt>
      <dd>
        #{found.requestId} <Tag tone={tone}>{found.status}</Tag>
        {found.refusalReason ? <span className="ml-2 text-ink-muted">{mailInRefusalLabels[found.refusalReason]}</span> : null}
      </dd>
      <dt className="text-ink-muted">Player</dt>
      <dd>
        <Link to={`/admin/players/${found.player.userId}`}>{found.player.username}</Link>
      </dd>
      <dt className="text-ink-muted">Name on the account</dt>
      <dd>{found.player.name ?? 'Not given'}</dd>
      <dt className="text-ink-muted">Address on the account</dt>
      <dd>{found.player.address ?? 'Not given'}</dd>
      <dt className="text-ink-muted">Code issued</dt>
      <dd>{formatUtc(found.createdAt)}</dd>
    </dl>
  );
}

function CardForm() {
  const enter = useEnterMailInCard();
  const lookup = useMailInLookup();
  const [result, setResult] = useState<{ card: MailInCard; message: string } | null>(null);
  const form = useForm<MailInCardRequest, unknown, z.output<typeof mailInCardRequestSchema>>({
    resolver: zodResolver(mailInCardRequestSchema),
    defaultValues: { code: '', postmarkDate: todayUtc(), identityMatches: false, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const answer = await enter.mutateAsync(values);
      setResult({ card: answer.data, message: answer.message ?? '' });
      form.reset({ code: '', postmarkDate: values.postmarkDate, identityMatches: false, reason: values.reason });
      lookup.reset();
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields)) form.setError(name as keyof MailInCardRequest, { message });
      } else form.setError('root', { message: adminErrorText(error) });
    }
  });

  const findRequest = async () => {
    const valid = await form.trigger('code');
    if (valid) lookup.mutate(form.getValues('code'));
  };

  return (
    <Panel title="Enter a card">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-2" noValidate>
        <div className="flex items-end gap-2 md:col-span-2">
          <Input
            label="Code on the card"
            className="flex-1"
            autoComplete="off"
            spellCheck={false}
            placeholder="ABCD-EFGH-JKMN"
            error={errors.code?.message}
            {...form.register('code', { onChange: () => lookup.reset() })}
          />
          <Button variant="outline" size="sm" className="mb-1" loading={lookup.isPending} onClick={() => void findRequest()}>
            Look up
          </Button>
        </div>
        <div className="md:col-span-2" aria-live="polite">
          {lookup.data ? <LookupResult found={lookup.data} /> : null}
          {lookup.isError ? <ErrorNotice>{adminErrorText(lookup.error)}</ErrorNotice> : null}
        </div>
        <Input
          label="Postmark date (UTC day)"
          type="date"
          max={todayUtc()}
          error={errors.postmarkDate?.message}
          {...form.register('postmarkDate')}
        />
        <div className="flex items-end pb-2">
          <Checkbox
            label="The name and address on the card match the account"
            error={errors.identityMatches?.message}
            {...form.register('identityMatches')}
          />
        </div>
        <Input
          label="Reason (kept in the audit trail)"
          className="md:col-span-2"
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <ErrorNotice className="md:col-span-2">{errors.root?.message}</ErrorNotice>
        <div className="md:col-span-2">
          <Button type="submit" size="sm" loading={isSubmitting}>
            Enter card
          </Button>
        </div>
      </form>
      {result ? (
        result.card.outcome === 'credited' ? (
          <SuccessNotice>{result.message}</SuccessNotice>
        ) : (
          <p role="status" className="rounded-md border border-gold-500/60 bg-gold-500/10 px-3 py-2 text-sm text-gold-300">
            {result.message}
          </p>
        )
      ) : null}
    </Panel>
  );
}
