import { updateCmsPageRequestSchema, type AdminCmsPage, type UpdateCmsPageRequest } from '@casino/contracts/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { controlBorder, describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { CmsContent } from '../../cms/components/cms-content';
import { AdminApiError, adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { ErrorNotice, SuccessNotice, Tag } from '../notices';
import { useAdminCmsPages, useCmsPageVersions, useSaveCmsPage } from './cms-pages-api';
import { VersionHistoryDialog } from './version-history';

/**
 * CMS pages (issue 18 point 4): the English title and HTML of the policy, contact and rules pages.
 * The server sanitises the HTML on save; the preview renders it the way the player site does (its
 * allow-list of elements), so nothing typed here runs in the operator's browser.
 */
const rowButton =
  'cursor-pointer rounded border border-night-500 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-ink-muted hover:border-gold-400 hover:text-gold-300';

export default function CmsPagesPage() {
  const list = useAdminCmsPages();
  const [editing, setEditing] = useState<AdminCmsPage | null>(null);
  const [history, setHistory] = useState<AdminCmsPage | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const columns: AdminColumn<AdminCmsPage>[] = [
    { key: 'slug', header: 'Address', cell: (row) => `/cms/${row.slug}` },
    { key: 'title', header: 'Title', cell: (row) => row.title },
    { key: 'size', header: 'Size', cell: (row) => `${(row.content.length / 1000).toFixed(1)} K`, align: 'right' },
    { key: 'state', header: 'State', cell: (row) => (row.isActive ? <Tag tone="ok">shown</Tag> : <Tag tone="warning">hidden</Tag>) },
    { key: 'updated', header: 'Updated', cell: (row) => new Date(row.updatedAt).toLocaleString() },
    { key: 'version', header: 'Version', cell: (row) => row.version, align: 'right' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <button
            type="button"
            className={rowButton}
            aria-label={`Edit page ${row.slug}`}
            onClick={() => {
              setDone(null);
              setEditing(row);
            }}
          >
            Edit
          </button>
          <button type="button" className={rowButton} aria-label={`History of page ${row.slug}`} onClick={() => setHistory(row)}>
            History
          </button>
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">CMS pages</h1>
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption="CMS pages"
        columns={columns}
        rows={list.data?.rows}
        rowKey={(row) => row.slug}
        loading={list.isFetching}
        error={list.isError ? adminErrorText(list.error) : null}
        minWidth={800}
      />
      {editing ? <CmsPageDialog page={editing} onClose={() => setEditing(null)} onSaved={setDone} /> : null}
      {history ? <CmsPageHistory page={history} onClose={() => setHistory(null)} /> : null}
    </div>
  );
}

function CmsPageHistory({ page, onClose }: { page: AdminCmsPage; onClose: () => void }) {
  return <VersionHistoryDialog name={`page ${page.slug}`} versions={useCmsPageVersions(page.slug)} onClose={onClose} />;
}

function CmsPageDialog({ page, onClose, onSaved }: { page: AdminCmsPage; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveCmsPage();
  const contentId = useId();
  const form = useForm<UpdateCmsPageRequest, unknown, z.output<typeof updateCmsPageRequestSchema>>({
    resolver: zodResolver(updateCmsPageRequestSchema),
    defaultValues: { title: page.title, content: page.content, version: page.version, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const content = useWatch({ control: form.control, name: 'content' });
  const submit = form.handleSubmit(async (body) => {
    try {
      const result = await save.mutateAsync({ slug: page.slug, body });
      onSaved(result.message ?? 'Saved.');
      onClose();
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields)) form.setError(name as keyof UpdateCmsPageRequest, { message });
      } else form.setError('root', { message: adminErrorText(error) });
    }
  });
  return (
    <Dialog open title={`Edit page /cms/${page.slug}`} onClose={onClose} size="lg">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-2" noValidate>
        <Input label="Title" className="md:col-span-2" autoComplete="off" error={errors.title?.message} {...form.register('title')} />
        <Field
          id={contentId}
          label="HTML (sanitised on save)"
          error={errors.content?.message}
          hint="Headings, paragraphs, lists, tables, links (http, https, mailto) and images (https or a path). Scripts, styles and frames are removed."
        >
          <textarea
            id={contentId}
            rows={16}
            spellCheck={false}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={describedBy(contentId, errors.content?.message, true)}
            className={cn(
              'w-full rounded-xl border bg-night-900/80 p-3 font-mono text-xs text-ink outline-none focus:border-gold-400',
              controlBorder(errors.content?.message),
            )}
            {...form.register('content')}
          />
        </Field>
        <section aria-label="Preview" className="flex flex-col gap-1.5">
          <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Preview</span>
          <div className="max-h-96 overflow-auto rounded-xl border border-night-600 p-3 text-sm" data-testid="cms-preview">
            <CmsContent html={content ?? ''} />
          </div>
        </section>
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
            Save page
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
