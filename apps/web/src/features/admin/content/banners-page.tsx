import { createBannerRequestSchema, updateBannerRequestSchema, type AdminBanner } from '@casino/contracts/admin-content';
import { bannerPageNames } from '@casino/contracts/banners';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { Tag } from '../notices';
import { ContentDeskPage, DeskFormFooter, useDeskSubmit, type DeskEditorProps } from './content-desk';
import { useAdminBanners, useBannerVersions, useSaveBanner } from './banners-api';
import { ImageUrlField } from './image-url-field';
import { VersionHistoryDialog } from './version-history';

/**
 * The content desk's banners: what the lobby's carousels and pages show. A
 * change is made on the version shown, needs a reason, and keeps the old version (History).
 */

const pageOptions = bannerPageNames.map((name) => ({ value: name, label: name }));
const visibilityOptions = [
  { value: '0', label: 'Visitors (before sign-in)' },
  { value: '1', label: 'Players (signed in)' },
];

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
];

export default function BannersPage() {
  return (
    <ContentDeskPage
      title="Banners"
      list={useAdminBanners()}
      columns={columns}
      rowKey={(row) => row.bannerId}
      rowName={(row) => row.title}
      minWidth={900}
      newLabel="New banner"
      Editor={BannerEditor}
      History={BannerHistory}
    />
  );
}

function BannerEditor({ row, onClose, onSaved }: DeskEditorProps<AdminBanner>) {
  return <BannerDialog banner={row} onClose={onClose} onSaved={onSaved} />;
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
  const submit = useDeskSubmit(
    form,
    ({ slug, ...fields }) =>
      banner
        ? save.mutateAsync({ kind: 'update', bannerId: banner.bannerId, body: { ...fields, version: banner.version } })
        : save.mutateAsync({ kind: 'create', body: { ...fields, slug } }),
    { onSaved, onClose },
  );
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
        <DeskFormFooter
          reason={form.register('reason')}
          reasonError={errors.reason?.message}
          rootError={errors.root?.message}
          saveLabel={banner ? 'Save banner' : 'Create banner'}
          submitting={isSubmitting}
          onClose={onClose}
          span="md:col-span-2"
        />
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

function BannerHistory({ row, onClose }: { row: AdminBanner; onClose: () => void }) {
  const versions = useBannerVersions(row.bannerId);
  return <VersionHistoryDialog name={row.slug} versions={versions} onClose={onClose} />;
}
