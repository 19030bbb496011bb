import {
  createBannerRequestSchema,
  updateBannerRequestSchema,
  type AdminBanner,
  type CreateBannerRequest,
} from '@casino/contracts/admin-content';
import { bannerPageNames } from '@casino/contracts/banners';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { AdminApiError, adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { ErrorNotice, SuccessNotice, Tag } from '../notices';
import { useAdminBanners, useBannerVersions, useSaveBanner } from './banners-api';
import { ImageUrlField } from './image-url-field';
import { VersionHistoryDialog } from './version-history';

/**
 * The content desk's banners (issue 18 point 4): what the lobby's carousels and pages show. A
 * change is made on the version shown, needs a reason, and keeps the old version (History).
 */
const rowButton =
  'cursor-pointer rounded border border-night-500 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-ink-muted hover:border-gold-400 hover:text-gold-300';

const pageOptions = bannerPageNames.map((name) => ({ value: name, label: name }));
const visibilityOptions = [
  { value: '0', label: 'Visitors (before sign-in)' },
  { value: '1', label: 'Players (signed in)' },
];

export default function BannersPage() {
  const banners = useAdminBanners();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const [history, setHistory] = useState<AdminBanner | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const columns: AdminColumn<AdminBanner>[] = [
    { key: 'id', header: 'ID', cell: (row) => row.bannerId, align: 'right' },
    {
      key: 'image',
      header: 'Image',
      cell: (row) => <img src={row.imageUrl} alt="" width={72} height={48} className="h-12 w-18 rounded object-cover" />,
    },
    {
      key: 'title',
      header: 'Title',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-semibold">{row.title}</span>
          <span className="text-ink-muted">{row.subtitle}</span>
        </span>
      ),
    },
    { key: 'page', header: 'Page', cell: (row) => row.pageName },
    { key: 'who', header: 'Shown to', cell: (row) => (row.visibility === 1 ? 'Players' : 'Visitors') },
    { key: 'order', header: 'Position', cell: (row) => row.orderId, align: 'right' },
    { key: 'state', header: 'State', cell: (row) => (row.isActive ? <Tag tone="ok">shown</Tag> : <Tag tone="warning">hidden</Tag>) },
    { key: 'version', header: 'Version', cell: (row) => row.version, align: 'right' },
    { key: 'updated', header: 'Changed (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.updatedAt)}</span> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <button
            type="button"
            className={rowButton}
            aria-label={`Edit ${row.title}`}
            onClick={() => {
              setDone(null);
              setEditing(row);
            }}
          >
            Edit
          </button>
          <button type="button" className={rowButton} aria-label={`History of ${row.title}`} onClick={() => setHistory(row)}>
            History
          </button>
        </span>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-display text-xl font-bold text-ink">Banners</h1>
        <Button
          size="sm"
          onClick={() => {
            setDone(null);
            setEditing('new');
          }}
        >
          New banner
        </Button>
      </div>
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption="Banners"
        columns={columns}
        rows={banners.data?.rows}
        rowKey={(row) => row.bannerId}
        loading={banners.isFetching}
        error={banners.isError ? adminErrorText(banners.error) : null}
        minWidth={900}
      />
      {editing ? <BannerDialog banner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={setDone} /> : null}
      {history ? <HistoryDialog banner={history} onClose={() => setHistory(null)} /> : null}
    </div>
  );
}

type BannerForm = z.input<typeof createBannerRequestSchema>;

function BannerDialog({
  banner,
  onClose,
  onSaved,
}: {
  banner: AdminBanner | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSaveBanner();
  // One form for both: a new banner also names its image (slug); a change carries the version shown.
  const schema = banner ? updateBannerRequestSchema.omit({ version: true }) : createBannerRequestSchema;
  const form = useForm<BannerForm, unknown, z.output<typeof createBannerRequestSchema>>({
    resolver: zodResolver(schema as typeof createBannerRequestSchema),
    defaultValues: banner
      ? {
          slug: banner.slug,
          pageName: banner.pageName,
          visibility: banner.visibility,
          title: banner.title,
          subtitle: banner.subtitle,
          redirectUrl: banner.redirectUrl ?? '',
          theme: banner.theme,
          orderId: banner.orderId,
          isActive: banner.isActive,
          customImageUrl: banner.customImageUrl ?? '',
          reason: '',
        }
      : {
          slug: '',
          pageName: 'lobbySlider',
          visibility: 0,
          title: '',
          subtitle: '',
          redirectUrl: '',
          theme: { from: '#5b21b6', to: '#1d1250', accent: '#ffe08a', emblem: '👑' },
          orderId: 0,
          isActive: true,
          customImageUrl: '',
          reason: '',
        },
  });
  const customImageUrl = useWatch({ control: form.control, name: 'customImageUrl' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { slug, ...fields } = values;
      const result = banner
        ? await save.mutateAsync({ kind: 'update', bannerId: banner.bannerId, body: { ...fields, version: banner.version } })
        : await save.mutateAsync({ kind: 'create', body: { ...fields, slug } });
      onSaved(result.message ?? 'Saved.');
      onClose();
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields)) form.setError(name as keyof CreateBannerRequest, { message });
      } else form.setError('root', { message: adminErrorText(error) });
    }
  });
  return (
    <Dialog open title={banner ? `Edit banner ${banner.slug}` : 'New banner'} onClose={onClose} size="lg">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-2" noValidate>
        {banner ? null : (
          <Input label="Name (lowercase, for its image)" autoComplete="off" error={errors.slug?.message} {...form.register('slug')} />
        )}
        <Input label="Title" autoComplete="off" error={errors.title?.message} {...form.register('title')} />
        <Input label="Subtitle" autoComplete="off" error={errors.subtitle?.message} {...form.register('subtitle')} />
        <Input
          label="Link (a path, optional)"
          autoComplete="off"
          placeholder="/store"
          error={errors.redirectUrl?.message}
          {...form.register('redirectUrl')}
        />
        <Select label="Page" options={pageOptions} error={errors.pageName?.message} {...form.register('pageName')} />
        <Select
          label="Shown to"
          options={visibilityOptions}
          error={errors.visibility?.message}
          {...form.register('visibility', { setValueAs: (value: string) => Number(value) })}
        />
        <Input
          label="Position in the carousel"
          type="number"
          min={0}
          max={1000}
          error={errors.orderId?.message}
          {...form.register('orderId', { valueAsNumber: true })}
        />
        <ImageUrlField
          label="Image (optional; replaces the artwork)"
          className="md:col-span-2"
          value={customImageUrl}
          error={errors.customImageUrl?.message}
          registration={form.register('customImageUrl')}
          onUploaded={(url) => form.setValue('customImageUrl', url, { shouldDirty: true, shouldValidate: true })}
        />
        <ThemeFields register={form.register} errors={errors} />
        <div className="md:col-span-2">
          <Checkbox label="Shown (active)" {...form.register('isActive')} />
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
            {banner ? 'Save banner' : 'Create banner'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ThemeFields({ register, errors }: { register: UseFormRegister<BannerForm>; errors: FieldErrors<BannerForm> }) {
  return (
    <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:col-span-2">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">Artwork</legend>
      <Input label="From" type="color" error={errors.theme?.from?.message} {...register('theme.from')} />
      <Input label="To" type="color" error={errors.theme?.to?.message} {...register('theme.to')} />
      <Input label="Accent" type="color" error={errors.theme?.accent?.message} {...register('theme.accent')} />
      <Input label="Emblem" autoComplete="off" error={errors.theme?.emblem?.message} {...register('theme.emblem')} />
    </fieldset>
  );
}

function HistoryDialog({ banner, onClose }: { banner: AdminBanner; onClose: () => void }) {
  const versions = useBannerVersions(banner.bannerId);
  return <VersionHistoryDialog name={banner.slug} versions={versions} onClose={onClose} />;
}
