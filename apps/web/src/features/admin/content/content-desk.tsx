import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { AdminApiError, adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { ErrorNotice, SuccessNotice } from '../notices';

/**
 * The shape every content desk shares: a table of items with Edit and History
 * on each row, an optional New button, the saved message, an edit dialog and a history dialog. A
 * page declares its columns and its form; this file holds the rest once.
 */
const rowButton =
  'cursor-pointer rounded border border-night-500 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-ink-muted hover:border-gold-400 hover:text-gold-300';

export interface DeskEditorProps<Row> {
  /** null: a new item. */
  row: Row | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function ContentDeskPage<Row>({
  title,
  list,
  columns,
  rowKey,
  rowName,
  minWidth,
  newLabel,
  Editor,
  History,
}: {
  title: string;
  list: UseQueryResult<{ rows: Row[] }>;
  columns: AdminColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** How the row's buttons name it: "Edit <name>", "History of <name>". */
  rowName: (row: Row) => string;
  minWidth: number;
  /** The New button's text; without it the desk only changes existing items. */
  newLabel?: string;
  Editor: (props: DeskEditorProps<Row>) => ReactNode;
  History: (props: { row: Row; onClose: () => void }) => ReactNode;
}) {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const edit = (row: Row | 'new') => {
    setDone(null);
    setEditing(row);
  };
  const withActions: AdminColumn<Row>[] = [
    ...columns,
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <button type="button" className={rowButton} aria-label={`Edit ${rowName(row)}`} onClick={() => edit(row)}>
            Edit
          </button>
          <button type="button" className={rowButton} aria-label={`History of ${rowName(row)}`} onClick={() => setHistory(row)}>
            History
          </button>
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-display text-xl font-bold text-ink">{title}</h1>
        {newLabel ? (
          <Button size="sm" onClick={() => edit('new')}>
            {newLabel}
          </Button>
        ) : null}
      </div>
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption={title}
        columns={withActions}
        rows={list.data?.rows}
        rowKey={rowKey}
        loading={list.isFetching}
        error={list.isError ? adminErrorText(list.error) : null}
        minWidth={minWidth}
      />
      {editing ? <Editor row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={setDone} /> : null}
      {history ? <History row={history} onClose={() => setHistory(null)} /> : null}
    </div>
  );
}

/**
 * A desk form's submit: saves, reports the server's message and closes; a refusal shows each
 * field's message on its field (400 issues, 3850 on the name), anything else above the buttons.
 */
export function useDeskSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  save: (values: Output) => Promise<{ message?: string }>,
  { onSaved, onClose }: { onSaved: (message: string) => void; onClose: () => void },
) {
  return form.handleSubmit(async (values) => {
    try {
      const result = await save(values);
      onSaved(result.message ?? 'Saved.');
      onClose();
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields)) form.setError(name as Path<Values>, { message });
      } else form.setError('root', { message: adminErrorText(error) });
    }
  });
}

/** A desk form's end: the reason kept in the audit trail, a refusal, Cancel and Save. */
export function DeskFormFooter({
  reason,
  reasonError,
  rootError,
  saveLabel,
  submitting,
  onClose,
  span,
}: {
  reason: UseFormRegisterReturn;
  reasonError: string | undefined;
  rootError: string | undefined;
  saveLabel: string;
  submitting: boolean;
  onClose: () => void;
  /** The grid's column span class, e.g. 'md:col-span-2'. */
  span: string;
}) {
  return (
    <>
      <Input label="Reason (kept in the audit trail)" className={span} error={reasonError} {...reason} />
      <ErrorNotice className={span}>{rootError}</ErrorNotice>
      <div className={cn('flex justify-end gap-2', span)}>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={submitting}>
          {saveLabel}
        </Button>
      </div>
    </>
  );
}
