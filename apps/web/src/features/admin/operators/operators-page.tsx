import {
  createOperatorRequestSchema,
  operatorRoleLabels,
  operatorRoles,
  reasonSchema,
  rolesSchema,
  type CreateOperatorRequest,
  type OperatorRole,
  type OperatorRow,
} from '@casino/contracts/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { AdminApiError, adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { ErrorNotice, Panel, SuccessNotice, Tag } from '../notices';
import { ReasonDialog } from '../reason-dialog';
import { useOperator } from '../session-api';
import { useChangeOperator, useCreateOperator, useOperators, type OperatorChange } from './operators-api';

/**
 * Operators management (admins): who may use the back office and with which
 * roles. A new operator enrols their authenticator at their first sign-in; disabling one ends
 * their sessions; resetting their two-factor makes them enrol again.
 */
const rowButton =
  'cursor-pointer rounded border border-night-500 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-ink-muted hover:border-gold-400 hover:text-gold-300';

interface PendingChange {
  operator: OperatorRow;
  change: OperatorChange;
  title: string;
  description: string;
  confirmLabel: string;
}

export default function OperatorsPage() {
  const me = useOperator().data;
  const operators = useOperators();
  const change = useChangeOperator();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [editing, setEditing] = useState<OperatorRow | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const columns: AdminColumn<OperatorRow>[] = [
    { key: 'id', header: 'ID', cell: (row) => row.operatorId, align: 'right' },
    { key: 'name', header: 'Name', cell: (row) => <span className="font-semibold">{row.displayName}</span> },
    { key: 'email', header: 'E-mail', cell: (row) => row.email },
    {
      key: 'roles',
      header: 'Roles',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.roles.map((role) => (
            <Tag key={role}>{operatorRoleLabels[role]}</Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'twoFactor',
      header: 'Two-factor',
      cell: (row) => (row.twoFactorEnrolled ? <Tag tone="ok">enrolled</Tag> : <Tag tone="warning">at next sign-in</Tag>),
    },
    { key: 'state', header: 'State', cell: (row) => (row.disabled ? <Tag tone="danger">disabled</Tag> : <Tag tone="ok">active</Tag>) },
    { key: 'last', header: 'Last sign-in (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.lastLoginAt)}</span> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => {
        const self = row.operatorId === me?.operatorId;
        const open = (next: Omit<PendingChange, 'operator'>) => {
          setDone(null);
          setPending({ operator: row, ...next });
        };
        return (
          <span className="flex flex-wrap gap-1">
            <button type="button" className={rowButton} onClick={() => setEditing(row)}>
              Roles
            </button>
            {!self ? (
              <button
                type="button"
                className={rowButton}
                onClick={() =>
                  open(
                    row.disabled
                      ? {
                          change: { kind: 'disabled', disabled: false },
                          title: `Enable ${row.displayName}`,
                          description: 'They may sign in again.',
                          confirmLabel: 'Enable',
                        }
                      : {
                          change: { kind: 'disabled', disabled: true },
                          title: `Disable ${row.displayName}`,
                          description: 'Their sessions end now and they cannot sign in.',
                          confirmLabel: 'Disable',
                        },
                  )
                }
              >
                {row.disabled ? 'Enable' : 'Disable'}
              </button>
            ) : null}
            <button
              type="button"
              className={rowButton}
              onClick={() =>
                open({
                  change: { kind: 'reset-two-factor' },
                  title: `Reset two-factor of ${row.displayName}`,
                  description: 'Their authenticator stops working, their sessions end, and they scan a new QR code at their next sign-in.',
                  confirmLabel: 'Reset two-factor',
                })
              }
            >
              Reset two-factor
            </button>
          </span>
        );
      },
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Operators</h1>
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption="Operators"
        columns={columns}
        rows={operators.data?.rows}
        rowKey={(row) => row.operatorId}
        loading={operators.isFetching}
        error={operators.isError ? adminErrorText(operators.error) : null}
      />
      <CreateOperator
        onCreated={(row) => setDone(`${row.displayName} was created. They set up two-factor sign-in at their first sign-in at /admin.`)}
      />
      {pending ? (
        <ReasonDialog
          open
          title={pending.title}
          description={pending.description}
          confirmLabel={pending.confirmLabel}
          danger
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const result = await change.mutateAsync({ operatorId: pending.operator.operatorId, change: pending.change, reason });
            setDone(result.message ?? 'Saved.');
          }}
        />
      ) : null}
      {editing ? <RolesDialog operator={editing} onClose={() => setEditing(null)} onSaved={(message) => setDone(message)} /> : null}
    </div>
  );
}

function RoleCheckboxes({
  register,
  error,
}: {
  register: ReturnType<typeof useForm<{ roles: OperatorRole[] }>>['register'];
  error: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">Roles</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {operatorRoles.map((role) => (
          <label key={role} className="flex cursor-pointer items-center gap-1.5 text-sm text-ink">
            <input type="checkbox" value={role} className="h-4 w-4 accent-gold-500" {...register('roles')} />
            {operatorRoleLabels[role]}
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const rolesFormSchema = z.object({ roles: rolesSchema, reason: reasonSchema });

function RolesDialog({ operator, onClose, onSaved }: { operator: OperatorRow; onClose: () => void; onSaved: (message: string) => void }) {
  const change = useChangeOperator();
  const form = useForm<z.input<typeof rolesFormSchema>, unknown, z.output<typeof rolesFormSchema>>({
    resolver: zodResolver(rolesFormSchema),
    defaultValues: { roles: operator.roles, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ roles, reason }) => {
    try {
      const result = await change.mutateAsync({ operatorId: operator.operatorId, change: { kind: 'roles', roles }, reason });
      onSaved(result.message ?? 'Roles saved.');
      onClose();
    } catch (error) {
      form.setError('root', { message: adminErrorText(error) });
    }
  });
  return (
    <Dialog open title={`Roles of ${operator.displayName}`} onClose={onClose} size="sm">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <RoleCheckboxes register={form.register} error={errors.roles?.message} />
        <Input label="Reason (kept in the audit trail)" error={errors.reason?.message} {...form.register('reason')} />
        <ErrorNotice>{errors.root?.message}</ErrorNotice>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" loading={isSubmitting}>
            Save roles
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function CreateOperator({ onCreated }: { onCreated: (row: OperatorRow) => void }) {
  const create = useCreateOperator();
  const form = useForm<CreateOperatorRequest, unknown, z.output<typeof createOperatorRequestSchema>>({
    resolver: zodResolver(createOperatorRequestSchema),
    defaultValues: { email: '', displayName: '', password: '', roles: [], reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { data } = await create.mutateAsync(values);
      form.reset();
      onCreated(data);
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (error instanceof AdminApiError && error.code === 3805) form.setError('email', { message: error.message });
      else if (Object.keys(fields).length > 0)
        for (const [name, message] of Object.entries(fields)) form.setError(name as keyof CreateOperatorRequest, { message });
      else form.setError('root', { message: adminErrorText(error) });
    }
  });
  return (
    <Panel title="New operator">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-2" noValidate>
        <Input label="E-mail" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
        <Input label="Name" autoComplete="off" error={errors.displayName?.message} {...form.register('displayName')} />
        <PasswordInput
          label="First password"
          autoComplete="new-password"
          hint="12 to 128 characters; give it to them in person or by another channel."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Input label="Reason (kept in the audit trail)" error={errors.reason?.message} {...form.register('reason')} />
        <div className="md:col-span-2">
          <RoleCheckboxes register={form.register} error={errors.roles?.message} />
        </div>
        <ErrorNotice className="md:col-span-2">{errors.root?.message}</ErrorNotice>
        <div className="md:col-span-2">
          <Button type="submit" size="sm" loading={isSubmitting}>
            Create operator
          </Button>
        </div>
      </form>
    </Panel>
  );
}
