import { updateVipTierRequestSchema, type AdminVipTier, type UpdateVipTierRequest } from '@casino/contracts/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { AdminApiError, adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { formatCoins } from '../format-utc';
import { ErrorNotice, SuccessNotice, Tag } from '../notices';
import { useSaveVipTier, useVipTierVersions, useVipTiers } from './vip-tiers-api';
import { VersionHistoryDialog } from './version-history';

/**
 * VIP tier values (issue 18 point 4): thresholds (SC played or GC bought), the tier's reward,
 * rakeback and boost. Players never fall back a tier; a lowered threshold promotes at their next
 * play or purchase.
 */
const rowButton =
  'cursor-pointer rounded border border-night-500 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-ink-muted hover:border-gold-400 hover:text-gold-300';

export default function VipTiersPage() {
  const tiers = useVipTiers();
  const [editing, setEditing] = useState<AdminVipTier | null>(null);
  const [history, setHistory] = useState<AdminVipTier | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const columns: AdminColumn<AdminVipTier>[] = [
    { key: 'id', header: 'Tier', cell: (row) => row.vipTierId, align: 'right' },
    { key: 'name', header: 'Name', cell: (row) => <span className="font-semibold">{row.name}</span> },
    { key: 'sc', header: 'SC played', cell: (row) => formatCoins(row.scRequiredPlay), align: 'right' },
    { key: 'gc', header: 'or GC bought', cell: (row) => formatCoins(row.gcRequiredPurchase), align: 'right' },
    { key: 'reward', header: 'Reward', cell: (row) => `${formatCoins(row.bonusGc)} GC · ${formatCoins(row.bonusSc)} SC`, align: 'right' },
    { key: 'rakeback', header: 'Rakeback', cell: (row) => `${row.rakebackPercent}%`, align: 'right' },
    { key: 'boost', header: 'Boost', cell: (row) => `${row.boostPercent}%`, align: 'right' },
    { key: 'club', header: 'VIP club', cell: (row) => (row.vipClubAccess ? <Tag tone="ok">yes</Tag> : '—') },
    { key: 'version', header: 'Version', cell: (row) => row.version, align: 'right' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <button
            type="button"
            className={rowButton}
            aria-label={`Edit ${row.name}`}
            onClick={() => {
              setDone(null);
              setEditing(row);
            }}
          >
            Edit
          </button>
          <button type="button" className={rowButton} aria-label={`History of ${row.name}`} onClick={() => setHistory(row)}>
            History
          </button>
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">VIP tiers</h1>
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption="VIP tiers"
        columns={columns}
        rows={tiers.data?.rows}
        rowKey={(row) => row.vipTierId}
        loading={tiers.isFetching}
        error={tiers.isError ? adminErrorText(tiers.error) : null}
        minWidth={900}
      />
      {editing ? <TierDialog tier={editing} onClose={() => setEditing(null)} onSaved={setDone} /> : null}
      {history ? <TierHistory tier={history} onClose={() => setHistory(null)} /> : null}
    </div>
  );
}

function TierHistory({ tier, onClose }: { tier: AdminVipTier; onClose: () => void }) {
  return <VersionHistoryDialog name={tier.name} versions={useVipTierVersions(tier.vipTierId)} onClose={onClose} />;
}

function TierDialog({ tier, onClose, onSaved }: { tier: AdminVipTier; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveVipTier();
  const { vipTierId, ...values } = tier;
  const form = useForm<UpdateVipTierRequest, unknown, z.output<typeof updateVipTierRequestSchema>>({
    resolver: zodResolver(updateVipTierRequestSchema),
    defaultValues: { ...values, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const result = await save.mutateAsync({ tierId: vipTierId, body });
      onSaved(result.message ?? 'Saved.');
      onClose();
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields)) form.setError(name as keyof UpdateVipTierRequest, { message });
      } else form.setError('root', { message: adminErrorText(error) });
    }
  });
  const number = { valueAsNumber: true } as const;
  return (
    <Dialog open title={`Edit tier ${vipTierId}: ${tier.name}`} onClose={onClose} size="lg">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-2" noValidate>
        <Input label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <Input label="Welcome reward (text)" autoComplete="off" error={errors.welcomeReward?.message} {...form.register('welcomeReward')} />
        <Input
          label="SC played to reach it"
          type="number"
          step="0.01"
          error={errors.scRequiredPlay?.message}
          {...form.register('scRequiredPlay', number)}
        />
        <Input
          label="or GC bought to reach it"
          type="number"
          step="0.01"
          error={errors.gcRequiredPurchase?.message}
          {...form.register('gcRequiredPurchase', number)}
        />
        <Input label="Reward GC" type="number" step="0.01" error={errors.bonusGc?.message} {...form.register('bonusGc', number)} />
        <Input label="Reward SC" type="number" step="0.01" error={errors.bonusSc?.message} {...form.register('bonusSc', number)} />
        <Input
          label="Rakeback (%)"
          type="number"
          step="0.01"
          error={errors.rakebackPercent?.message}
          {...form.register('rakebackPercent', number)}
        />
        <Input
          label="Boost (%)"
          type="number"
          step="0.01"
          error={errors.boostPercent?.message}
          {...form.register('boostPercent', number)}
        />
        <div className="md:col-span-2">
          <Checkbox label="VIP club access" {...form.register('vipClubAccess')} />
        </div>
        <Input
          label="Reason (kept in the audit trail)"
          className="md:col-span-2"
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <ErrorNotice className="md:col-span-2">{errors.root?.message}</ErrorNotice>
        <div className="flex justify-end gap-2 md:col-span-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" loading={isSubmitting}>
            Save tier
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
