import {
  createPackageRequestSchema,
  updatePackageRequestSchema,
  type AdminPackage,
  type CreatePackageRequest,
} from '@casino/contracts/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { formatAmount } from '../../../lib/format';
import type { AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { Tag } from '../notices';
import { ContentDeskPage, DeskFormFooter, useDeskSubmit, type DeskEditorProps } from './content-desk';
import { useAdminPackages, usePackageVersions, useSavePackage } from './packages-api';
import { ImageUrlField } from './image-url-field';
import { VersionHistoryDialog } from './version-history';

/**
 * The content desk's store packages and flash-sale offers: price, coins, label,
 * order, on sale or not, and the offer windows; new packages too. A change needs a reason and keeps
 * the old version.
 */

function offerTags(row: AdminPackage) {
  return (
    <span className="flex flex-wrap gap-1">
      {row.welcomePurchaseBonusApplicable ? <Tag tone="warning">welcome {row.welcomePurchaseBonusApplicableMinutes} min</Tag> : null}
      {row.oneTimePurchaseBonusApplicable ? <Tag tone="warning">one-time</Tag> : null}
      {row.isPromo ? <Tag>promo</Tag> : null}
      {row.firstPurchaseApplicable ? <Tag>first-purchase bonus</Tag> : null}
    </span>
  );
}

const columns: AdminColumn<AdminPackage>[] = [
  { key: 'id', header: 'ID', cell: (row) => row.packageId, align: 'right' },
  {
    key: 'name',
    header: 'Package',
    cell: (row) => (
      <span className="flex flex-col">
        <span className="font-semibold">{row.slug}</span>
        {row.packageType ? <span className="text-ink-muted">{row.packageType}</span> : null}
      </span>
    ),
  },
  {
    key: 'price',
    header: 'Price',
    cell: (row) => (
      <span className="whitespace-nowrap">
        ${formatAmount(row.amount)}
        {row.previousAmount !== null ? <s className="ml-1 text-ink-muted">${formatAmount(row.previousAmount)}</s> : null}
      </span>
    ),
    align: 'right',
  },
  { key: 'gc', header: 'GC', cell: (row) => formatAmount(row.gcCoin), align: 'right' },
  { key: 'sc', header: 'SC', cell: (row) => formatAmount(row.scCoin), align: 'right' },
  { key: 'offer', header: 'Offer', cell: offerTags },
  { key: 'ends', header: 'Ends (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.validTill)}</span> },
  { key: 'order', header: 'Position', cell: (row) => row.orderId, align: 'right' },
  { key: 'state', header: 'State', cell: (row) => (row.isActive ? <Tag tone="ok">on sale</Tag> : <Tag tone="warning">hidden</Tag>) },
  { key: 'version', header: 'Version', cell: (row) => row.version, align: 'right' },
];

export default function PackagesPage() {
  return (
    <ContentDeskPage
      title="Packages and offers"
      list={useAdminPackages()}
      columns={columns}
      rowKey={(row) => row.packageId}
      rowName={(row) => row.slug}
      minWidth={980}
      newLabel="New package"
      Editor={PackageEditor}
      History={PackageHistory}
    />
  );
}

function PackageEditor({ row, onClose, onSaved }: DeskEditorProps<AdminPackage>) {
  return <PackageDialog pkg={row} onClose={onClose} onSaved={onSaved} />;
}

function PackageHistory({ row, onClose }: { row: AdminPackage; onClose: () => void }) {
  return <VersionHistoryDialog name={row.slug} versions={usePackageVersions(row.packageId)} onClose={onClose} />;
}

const emptyToNull = (value: unknown) => (value === '' || value === null || Number.isNaN(value) ? null : Number(value));
/** The form's end time is a UTC date and time (datetime-local, read as UTC). */
const utcInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

/** One form for both: a new package also gets its name (slug); a change carries the version shown. */
type PackageForm = CreatePackageRequest & { version?: number };

const newPackageValues: PackageForm = {
  slug: '',
  packageType: '',
  showPackageType: false,
  imageUrl: '',
  amount: 0,
  previousAmount: null,
  gcCoin: 0,
  scCoin: 0,
  isActive: true,
  isPromo: false,
  orderId: 0,
  firstPurchaseApplicable: false,
  welcomePurchaseBonusApplicable: false,
  welcomePurchaseBonusApplicableMinutes: null,
  oneTimePurchaseBonusApplicable: false,
  validTill: '',
  reason: '',
};

function PackageDialog({ pkg, onClose, onSaved }: { pkg: AdminPackage | null; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSavePackage();
  const schema = pkg ? updatePackageRequestSchema : createPackageRequestSchema;
  const form = useForm<PackageForm, unknown, z.output<typeof createPackageRequestSchema> & { version?: number }>({
    resolver: zodResolver(schema as typeof createPackageRequestSchema),
    defaultValues: pkg
      ? {
          slug: pkg.slug,
          packageType: pkg.packageType ?? '',
          showPackageType: pkg.showPackageType,
          imageUrl: pkg.imageUrl ?? '',
          amount: pkg.amount,
          previousAmount: pkg.previousAmount,
          gcCoin: pkg.gcCoin,
          scCoin: pkg.scCoin,
          isActive: pkg.isActive,
          isPromo: pkg.isPromo,
          orderId: pkg.orderId,
          firstPurchaseApplicable: pkg.firstPurchaseApplicable,
          welcomePurchaseBonusApplicable: pkg.welcomePurchaseBonusApplicable,
          welcomePurchaseBonusApplicableMinutes: pkg.welcomePurchaseBonusApplicableMinutes,
          oneTimePurchaseBonusApplicable: pkg.oneTimePurchaseBonusApplicable,
          validTill: utcInput(pkg.validTill),
          version: pkg.version,
          reason: '',
        }
      : newPackageValues,
  });
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' });
  const { errors, isSubmitting } = form.formState;
  const submit = useDeskSubmit(
    form,
    ({ slug, version: _version, ...fields }) =>
      pkg
        ? save.mutateAsync({ kind: 'update', packageId: pkg.packageId, body: { ...fields, version: pkg.version } })
        : save.mutateAsync({ kind: 'create', body: { ...fields, slug } }),
    { onSaved, onClose },
  );
  const number = { valueAsNumber: true } as const;
  const nullableNumber = { setValueAs: emptyToNull } as const;
  return (
    <Dialog open title={pkg ? `Edit package ${pkg.slug}` : 'New package'} onClose={onClose} size="lg">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-3" noValidate>
        {pkg ? null : (
          <Input
            label="Name (lowercase, unique)"
            className="md:col-span-3"
            autoComplete="off"
            placeholder="weekend-749"
            error={errors.slug?.message}
            {...form.register('slug')}
          />
        )}
        <Input label="Price ($)" type="number" step="0.01" error={errors.amount?.message} {...form.register('amount', number)} />
        <Input
          label="Crossed-out price ($, optional)"
          type="number"
          step="0.01"
          error={errors.previousAmount?.message}
          {...form.register('previousAmount', nullableNumber)}
        />
        <Input label="Position in the store" type="number" error={errors.orderId?.message} {...form.register('orderId', number)} />
        <Input label="Gold Coins" type="number" step="0.01" error={errors.gcCoin?.message} {...form.register('gcCoin', number)} />
        <Input label="Sweeps Coins" type="number" step="0.01" error={errors.scCoin?.message} {...form.register('scCoin', number)} />
        <Input label="Label (optional)" autoComplete="off" error={errors.packageType?.message} {...form.register('packageType')} />
        <Input
          label="Welcome offer window (minutes)"
          type="number"
          error={errors.welcomePurchaseBonusApplicableMinutes?.message}
          {...form.register('welcomePurchaseBonusApplicableMinutes', nullableNumber)}
        />
        <Input label="Ends (UTC, optional)" type="datetime-local" error={errors.validTill?.message} {...form.register('validTill')} />
        <ImageUrlField
          label="Image on the store card (optional)"
          className="md:col-span-3"
          value={imageUrl}
          error={errors.imageUrl?.message}
          registration={form.register('imageUrl')}
          onUploaded={(url) => form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true })}
        />
        <div className="flex flex-col gap-1.5 md:col-span-3 md:grid md:grid-cols-3">
          <Checkbox label="On sale (active)" {...form.register('isActive')} />
          <Checkbox label="Show the label" {...form.register('showPackageType')} />
          <Checkbox label="Promo" {...form.register('isPromo')} />
          <Checkbox label="First-purchase bonus applies" {...form.register('firstPurchaseApplicable')} />
          <Checkbox label="Welcome offer" {...form.register('welcomePurchaseBonusApplicable')} />
          <Checkbox label="One-time offer" {...form.register('oneTimePurchaseBonusApplicable')} />
        </div>
        <DeskFormFooter
          reason={form.register('reason')}
          reasonError={errors.reason?.message}
          rootError={errors.root?.message}
          saveLabel={pkg ? 'Save package' : 'Create package'}
          submitting={isSubmitting}
          onClose={onClose}
          span="md:col-span-3"
        />
      </form>
    </Dialog>
  );
}
