import {
  cmsCategories,
  createCmsPageRequestSchema,
  updateCmsPageRequestSchema,
  type AdminCmsPage,
  type CreateCmsPageRequest,
} from '@casino/contracts/admin-content';
import { cmsPagePath } from '@casino/contracts/cms-slugs';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { controlBorder, describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { CmsContent } from '../../cms';
import type { AdminColumn } from '../admin-table';
import { Tag } from '../notices';
import { ContentDeskPage, DeskFormFooter, useDeskSubmit, type DeskEditorProps } from './content-desk';
import { useAdminCmsPages, useCmsPageVersions, useSaveCmsPage } from './cms-pages-api';
import { VersionHistoryDialog } from './version-history';

/**
 * CMS pages: the English title and HTML of the policy, contact and rules pages,
 * and new pages.
 * The server sanitises the HTML on save; the preview renders it the way the player site does (its
 * allow-list of elements), so nothing typed here runs in the operator's browser.
 */

const columns: AdminColumn<AdminCmsPage>[] = [
  {
    key: 'slug',
    header: 'Address',
    // The player site's route of the page, opened in a new tab (a hidden page is not found there).
    cell: (row) => (
      <a
        href={cmsPagePath(row.slug)}
        target="_blank"
        rel="noreferrer"
        className="font-mono text-gold-300 underline-offset-2 hover:underline"
      >
        {cmsPagePath(row.slug)}
      </a>
    ),
  },
  { key: 'title', header: 'Title', cell: (row) => row.title },
  { key: 'size', header: 'Size', cell: (row) => `${(row.content.length / 1000).toFixed(1)} K`, align: 'right' },
  { key: 'state', header: 'State', cell: (row) => (row.isActive ? <Tag tone="ok">shown</Tag> : <Tag tone="warning">hidden</Tag>) },
  { key: 'updated', header: 'Updated', cell: (row) => new Date(row.updatedAt).toLocaleString() },
  { key: 'version', header: 'Version', cell: (row) => row.version, align: 'right' },
];

export default function CmsPagesPage() {
  return (
    <ContentDeskPage
      title="CMS pages"
      list={useAdminCmsPages()}
      columns={columns}
      rowKey={(row) => row.slug}
      rowName={(row) => `page ${row.slug}`}
      minWidth={800}
      newLabel="New page"
      Editor={CmsPageEditor}
      History={CmsPageHistory}
    />
  );
}

function CmsPageEditor({ row, onClose, onSaved }: DeskEditorProps<AdminCmsPage>) {
  return <CmsPageDialog page={row} onClose={onClose} onSaved={onSaved} />;
}

function CmsPageHistory({ row, onClose }: { row: AdminCmsPage; onClose: () => void }) {
  return <VersionHistoryDialog name={`page ${row.slug}`} versions={useCmsPageVersions(row.slug)} onClose={onClose} />;
}

/** One form for both: a new page also gets its address, its place and whether it is shown; a change carries the version shown. */
type CmsPageForm = CreateCmsPageRequest & { version?: number };

const categoryOptions = cmsCategories.map((category) => ({ value: String(category.value), label: category.label }));

function CmsPageDialog({ page, onClose, onSaved }: { page: AdminCmsPage | null; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveCmsPage();
  const contentId = useId();
  const schema = page ? updateCmsPageRequestSchema : createCmsPageRequestSchema;
  const form = useForm<CmsPageForm, unknown, z.output<typeof createCmsPageRequestSchema> & { version?: number }>({
    resolver: zodResolver(schema as typeof createCmsPageRequestSchema),
    defaultValues: page
      ? {
          slug: page.slug,
          title: page.title,
          content: page.content,
          category: 1,
          isActive: page.isActive,
          version: page.version,
          reason: '',
        }
      : { slug: '', title: '', content: '', category: 1, isActive: true, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const content = useWatch({ control: form.control, name: 'content' });
  const submit = useDeskSubmit(
    form,
    (body) =>
      page
        ? save.mutateAsync({
            kind: 'update',
            slug: page.slug,
            body: { title: body.title, content: body.content, version: page.version, reason: body.reason },
          })
        : save.mutateAsync({ kind: 'create', body }),
    { onSaved, onClose },
  );
  return (
    <Dialog open title={page ? `Edit page ${cmsPagePath(page.slug)}` : 'New page'} onClose={onClose} size="lg">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-2" noValidate>
        {page ? null : (
          <>
            <Input
              label="Address (slug)"
              autoComplete="off"
              placeholder="responsible-play"
              error={errors.slug?.message}
              {...form.register('slug')}
            />
            <Select
              label="Linked from"
              options={categoryOptions}
              error={errors.category?.message}
              {...form.register('category', { setValueAs: (value: string) => Number(value) })}
            />
            <div className="md:col-span-2">
              <Checkbox label="Shown to players (active)" {...form.register('isActive')} />
            </div>
          </>
        )}
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
        <DeskFormFooter
          reason={form.register('reason')}
          reasonError={errors.reason?.message}
          rootError={errors.root?.message}
          saveLabel={page ? 'Save page' : 'Create page'}
          submitting={isSubmitting}
          onClose={onClose}
          span="md:col-span-2"
        />
      </form>
    </Dialog>
  );
}
