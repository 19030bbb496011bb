import { updatePopupRequestSchema, type AdminPopup, type UpdatePopupRequest } from '@casino/contracts/admin-content';
import { popupNames } from '@casino/contracts/popups';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { AdminColumn } from '../admin-table';
import { Tag } from '../notices';
import { ContentDeskPage, DeskFormFooter, useDeskSubmit, type DeskEditorProps } from './content-desk';
import { usePopupVersions, useAdminPopups, useSavePopup } from './popups-api';
import { ImageUrlField } from './image-url-field';
import { VersionHistoryDialog } from './version-history';

/**
 * Popups: what the lobby's pages show in a dialog. Text is plain (never
 * rendered as markup); the button leads to a page of this site; its images are addresses on this
 * site, usually uploaded from the form.
 */
const audience = ['Visitors', 'Players', 'Everyone'] as const;
const pageOptions = popupNames.map((name) => ({ value: name, label: name }));
const audienceOptions = audience.map((label, value) => ({ value: String(value), label }));

const columns: AdminColumn<AdminPopup>[] = [
  { key: 'id', header: 'ID', cell: (row) => row.popupId, align: 'right' },
  {
    key: 'image',
    header: 'Image',
    cell: (row) => <img src={row.desktopImageUrl} alt="" width={72} height={48} className="h-12 w-18 rounded object-cover" />,
  },
  {
    key: 'text',
    header: 'Text',
    cell: (row) => (
      <span className="flex flex-col">
        <span className="font-semibold">{row.textOne}</span>
        <span className="text-ink-muted">{row.textTwo}</span>
      </span>
    ),
  },
  { key: 'page', header: 'Page', cell: (row) => row.popupName },
  { key: 'who', header: 'Shown to', cell: (row) => audience[row.visibility] },
  { key: 'button', header: 'Button', cell: (row) => (row.btnText ? `${row.btnText} → ${row.btnRedirection ?? '—'}` : '—') },
  { key: 'state', header: 'State', cell: (row) => (row.isActive ? <Tag tone="ok">shown</Tag> : <Tag tone="warning">hidden</Tag>) },
  { key: 'version', header: 'Version', cell: (row) => row.version, align: 'right' },
];

export default function PopupsPage() {
  return (
    <ContentDeskPage
      title="Popups"
      list={useAdminPopups()}
      columns={columns}
      rowKey={(row) => row.popupId}
      rowName={(row) => `popup ${row.popupId}`}
      minWidth={900}
      Editor={PopupEditor}
      History={PopupHistory}
    />
  );
}

function PopupEditor({ row, onClose, onSaved }: DeskEditorProps<AdminPopup>) {
  return row ? <PopupDialog popup={row} onClose={onClose} onSaved={onSaved} /> : null;
}

function PopupHistory({ row, onClose }: { row: AdminPopup; onClose: () => void }) {
  return <VersionHistoryDialog name={`popup ${row.popupId}`} versions={usePopupVersions(row.popupId)} onClose={onClose} />;
}

function PopupDialog({ popup, onClose, onSaved }: { popup: AdminPopup; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSavePopup();
  const { popupId, ...values } = popup;
  const form = useForm<UpdatePopupRequest, unknown, z.output<typeof updatePopupRequestSchema>>({
    resolver: zodResolver(updatePopupRequestSchema),
    defaultValues: { ...values, btnRedirection: values.btnRedirection ?? '', reason: '' },
  });
  const desktopImageUrl = useWatch({ control: form.control, name: 'desktopImageUrl' });
  const mobileImageUrl = useWatch({ control: form.control, name: 'mobileImageUrl' });
  const { errors, isSubmitting } = form.formState;
  const submit = useDeskSubmit(form, (body) => save.mutateAsync({ popupId, body }), { onSaved, onClose });
  return (
    <Dialog open title={`Edit popup ${popupId}`} onClose={onClose} size="lg">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-2" noValidate>
        <Input
          label="Headline"
          className="md:col-span-2"
          autoComplete="off"
          error={errors.textOne?.message}
          {...form.register('textOne')}
        />
        <Input label="Text" autoComplete="off" error={errors.textTwo?.message} {...form.register('textTwo')} />
        <Input label="Small print" autoComplete="off" error={errors.textThree?.message} {...form.register('textThree')} />
        <Input label="Button text" autoComplete="off" error={errors.btnText?.message} {...form.register('btnText')} />
        <Input
          label="Button link (a path)"
          autoComplete="off"
          error={errors.btnRedirection?.message}
          {...form.register('btnRedirection')}
        />
        <Select label="Page" options={pageOptions} error={errors.popupName?.message} {...form.register('popupName')} />
        <Select
          label="Shown to"
          options={audienceOptions}
          error={errors.visibility?.message}
          {...form.register('visibility', { setValueAs: (value: string) => Number(value) })}
        />
        <Input label="Order" type="number" error={errors.orderId?.message} {...form.register('orderId', { valueAsNumber: true })} />
        <ImageUrlField
          label="Image (desktop)"
          value={desktopImageUrl}
          error={errors.desktopImageUrl?.message}
          registration={form.register('desktopImageUrl')}
          onUploaded={(url) => form.setValue('desktopImageUrl', url, { shouldDirty: true, shouldValidate: true })}
        />
        <ImageUrlField
          label="Image (phone)"
          value={mobileImageUrl}
          error={errors.mobileImageUrl?.message}
          registration={form.register('mobileImageUrl')}
          onUploaded={(url) => form.setValue('mobileImageUrl', url, { shouldDirty: true, shouldValidate: true })}
        />
        <div className="flex flex-col gap-1.5">
          <Checkbox label="Shown (active)" {...form.register('isActive')} />
          <Checkbox label="Once per player" {...form.register('isOneTime')} />
        </div>
        <DeskFormFooter
          reason={form.register('reason')}
          reasonError={errors.reason?.message}
          rootError={errors.root?.message}
          saveLabel={'Save popup'}
          submitting={isSubmitting}
          onClose={onClose}
          span="md:col-span-2"
        />
      </form>
    </Dialog>
  );
}
