import type { ContentVersion } from '@casino/contracts/admin-content';
import type { UseQueryResult } from '@tanstack/react-query';
import { Dialog } from '../../../components/ui/dialog';
import { adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';

/** The fields a version changed, as 'title: "Old" → "New"'. */
function changes(version: ContentVersion): string {
  if (version.before === null) return 'Created';
  const before = version.before as Record<string, unknown>;
  const after = (version.after ?? {}) as Record<string, unknown>;
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => `${field}: ${JSON.stringify(before[field])} → ${JSON.stringify(after[field])}`)
    .join('; ');
}

const columns: AdminColumn<ContentVersion>[] = [
  { key: 'version', header: 'Version', cell: (row) => row.version, align: 'right' },
  { key: 'at', header: 'When (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
  { key: 'who', header: 'Operator', cell: (row) => row.operatorEmail ?? '—' },
  { key: 'reason', header: 'Reason', cell: (row) => row.reason ?? '—' },
  { key: 'changes', header: 'Changes', cell: (row) => <span className="break-all">{changes(row)}</span> },
];

/** The kept versions of one piece of content, newest first. */
export function VersionHistoryDialog({
  name,
  versions,
  onClose,
}: {
  name: string;
  versions: UseQueryResult<{ rows: ContentVersion[] }>;
  onClose: () => void;
}) {
  return (
    <Dialog open title={`History of ${name}`} onClose={onClose} size="lg">
      <AdminTable
        caption={`Versions of ${name}`}
        columns={columns}
        rows={versions.data?.rows}
        rowKey={(row) => row.version}
        loading={versions.isFetching}
        error={versions.isError ? adminErrorText(versions.error) : null}
        emptyText="No change since the demo content was seeded (version 1)."
      />
    </Dialog>
  );
}
