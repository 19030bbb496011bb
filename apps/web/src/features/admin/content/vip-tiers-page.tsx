import { updateVipTierRequestSchema, type AdminVipTier, type UpdateVipTierRequest } from '@casino/contracts/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { formatAmount } from '../../../lib/format';
import type { AdminColumn } from '../admin-table';
import { Tag } from '../notices';
import { ContentDeskPage, DeskFormFooter, useDeskSubmit, type DeskEditorProps } from './content-desk';
import { useSaveVipTier, useVipTierVersions, useVipTiers } from './vip-tiers-api';
import { VersionHistoryDialog } from './version-history';

/**
 * VIP tier values: thresholds (SC played or GC bought), the tier's reward,
 * rakeback and boost. Players never fall back a tier; a lowered threshold promotes at their next
 * play or purchase.
 */
const columns: AdminColumn<AdminVipTier>[] = [
  { key: 'id', header: 'Tier', cell: (row) => row.vipTierId, align: 'right' },
  { key: 'name', header: 'Name', cell: (row) => <span className="font-semibold">{row.name}</span> },
  { key: 'sc', header: 'SC played', cell: (row) => formatAmount(row.scRequiredPlay), align: 'right' },
  { key: 'gc', header: 'or GC bought', cell: (row) => formatAmount(row.gcRequiredPurchase), align: 'right' },
  { key: 'reward', header: 'Reward', cell: (row) => `${formatAmount(row.bonusGc)} GC · ${formatAmount(row.bonusSc)} SC`, align: 'right' },
  { key: 'rakeback', header: 'Rakeback', cell: (row) => `${row.rakebackPercent}%`, align: 'right' },
  { key: 'boost', header: 'Boost', cell: (row) => `${row.boostPercent}%`, align: 'right' },
  { key: 'club', header: 'VIP club', cell: (row) => (row.vipClubAccess ? <Tag tone="ok">yes</Tag> : '—') },
  { key: 'version', header: 'Version', cell: (row) => row.version, align: 'right' },
];

export default function VipTiersPage() {
  return (
    <ContentDeskPage
      title="VIP tiers"
      list={useVipTiers()}
      columns={columns}
      rowKey={(row) => row.vipTierId}
      rowName={(row) => row.name}
      minWidth={900}
      Editor={TierEditor}
      History={TierHistory}
    />
  );
}

function TierEditor({ row, onClose, onSaved }: DeskEditorProps<AdminVipTier>) {
  return row ? <TierDialog tier={row} onClose={onClose} onSaved={onSaved} /> : null;
}

function TierHistory({ row, onClose }: { row: AdminVipTier; onClose: () => void }) {
  return <VersionHistoryDialog name={row.name} versions={useVipTierVersions(row.vipTierId)} onClose={onClose} />;
}

function TierDialog({ tier, onClose, onSaved }: { tier: AdminVipTier; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveVipTier();
  const { vipTierId, ...values } = tier;
  const form = useForm<UpdateVipTierRequest, unknown, z.output<typeof updateVipTierRequestSchema>>({
    resolver: zodResolver(updateVipTierRequestSchema),
    defaultValues: { ...values, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = useDeskSubmit(form, (body) => save.mutateAsync({ tierId: vipTierId, body }), { onSaved, onClose });
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
        <DeskFormFooter
          reason={form.register('reason')}
          reasonError={errors.reason?.message}
          rootError={errors.root?.message}
          saveLabel="Save tier"
          submitting={isSubmitting}
          onClose={onClose}
          span="md:col-span-2"
        />
      </form>
    </Dialog>
  );
}
