import { updatePopupRequestSchema, type AdminPopup, type UpdatePopupRequest } from '@casino/contracts/admin-content';
import { popupNames } from '@casino/contracts/popups';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { AdminApiError, adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { ErrorNotice, SuccessNotice, Tag } from '../notices';
import { usePopupVersions, useAdminPopups, useSavePopup } from './popups-api';
import { ImageUrlField } from './image-url-field';
import { VersionHistoryDialog } from './version-history';

/**
 * Popups (issue 18 point 4): what the lobby's pages show in a dialog. Text is plain (never
 * rendered as markup); the button leads to a page of this site; its images are addresses on this
 * site, usually uploaded from the form.
 */
const rowButton =
  'cursor-pointer rounded border border-night-500 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-ink-muted hover:border-gold-400 hover:text-gold-300';
const audience = ['Visitors', 'Players', 'Everyone'] as const;
const pageOptions = popupNames.map((name) => ({ value: name, label: name }));
const audienceOptions = audience.map((label, value) => ({ value: String(value), label }));

export default function PopupsPage() {
  const list = useAdminPopups();
  const [editing, setEditing] = useState<AdminPopup | null>(null);
  const [history, setHistory] = useState<AdminPopup | null>(null);
  const [done, setDone] = useState<string | null>(null);
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
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <button
            type="button"
            className={rowButton}
            aria-label={`Edit popup ${row.popupId}`}
            onClick={() => {
              setDone(null);
              setEditing(row);
            }}
          >
            Edit
          </button>
          <button type="button" className={rowButton} aria-label={`History of popup ${row.popupId}`} onClick={() => setHistory(row)}>
            History
          </button>
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Popups</h1>
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption="Popups"
        columns={columns}
        rows={list.data?.rows}
        rowKey={(row) => row.popupId}
        loading={list.isFetching}
        error={list.isError ? adminErrorText(list.error) : null}
        minWidth={900}
      />
      {editing ? <PopupDialog popup={editing} onClose={() => setEditing(null)} onSaved={setDone} /> : null}
      {history ? <PopupHistory popup={history} onClose={() => setHistory(null)} /> : null}
    </div>
  );
}

function PopupHistory({ popup, onClose }: { popup: AdminPopup; onClose: () => void }) {
  return <VersionHistoryDialog name={`popup ${popup.popupId}`} versions={usePopupVersions(popup.popupId)} onClose={onClose} />;
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
  const submit = form.handleSubmit(async (body) => {
    try {
      const result = await save.mutateAsync({ popupId, body });
      onSaved(result.message ?? 'Saved.');
      onClose();
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields)) form.setError(name as keyof UpdatePopupRequest, { message });
      } else form.setError('root', { message: adminErrorText(error) });
    }
  });
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
            Save popup
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
