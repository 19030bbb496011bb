import { adminAccess, holdsRole } from '@casino/contracts/admin';
import {
  updateGeolocationModeRequestSchema,
  updateSiteConfigRequestSchema,
  usRegionCodes,
  type AdminSiteConfig,
  type UpdateGeolocationModeRequest,
  type UpdateSiteConfigRequest,
} from '@casino/contracts/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { AdminApiError, adminErrorText } from '../admin-http';
import { ErrorNotice, Panel, SuccessNotice, Tag } from '../notices';
import { useOperator } from '../session-api';
import { useSaveGeolocationMode, useSaveSiteConfig, useSiteConfig, useSiteConfigVersions } from './site-config-api';
import { VersionHistoryDialog } from './version-history';

/**
 * The site configuration: site name, support e-mail, and the US regions where
 * the location check refuses play (applied at the next check), for the content role; and the
 * location check's mode (enforce or monitor), for compliance and admin (it switches a compliance
 * control on and off). Production is always enforce.
 */
export default function SiteConfigPage() {
  const config = useSiteConfig();
  const roles = useOperator().data?.roles ?? [];
  const [done, setDone] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-display text-xl font-bold text-ink">Site config</h1>
        <Button size="sm" variant="ghost" onClick={() => setHistory(true)}>
          History
        </Button>
      </div>
      <SuccessNotice>{done}</SuccessNotice>
      {config.isError ? <ErrorNotice>{adminErrorText(config.error)}</ErrorNotice> : null}
      {config.data ? (
        <GeolocationModeForm
          key={`mode-${config.data.version}`}
          config={config.data}
          mayChange={holdsRole(roles, adminAccess.geolocationModeChange)}
          onSaved={setDone}
        />
      ) : null}
      {config.data && holdsRole(roles, adminAccess.contentManage) ? (
        <SiteConfigForm key={config.data.version} config={config.data} onSaved={setDone} />
      ) : null}
      {history ? <SiteConfigHistory onClose={() => setHistory(false)} /> : null}
    </div>
  );
}

function SiteConfigHistory({ onClose }: { onClose: () => void }) {
  return <VersionHistoryDialog name="the site config" versions={useSiteConfigVersions()} onClose={onClose} />;
}

const modeOptions = [
  { value: 'enforce', label: 'Enforce: a failed check blocks play' },
  { value: 'monitor', label: 'Monitor: checks recorded, nothing blocked' },
];

function GeolocationModeForm({
  config,
  mayChange,
  onSaved,
}: {
  config: AdminSiteConfig;
  mayChange: boolean;
  onSaved: (message: string) => void;
}) {
  const save = useSaveGeolocationMode();
  const form = useForm<UpdateGeolocationModeRequest, unknown, z.output<typeof updateGeolocationModeRequestSchema>>({
    resolver: zodResolver(updateGeolocationModeRequestSchema),
    defaultValues: { mode: config.geolocationMode, version: config.version, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync(values);
      onSaved(result.message ?? 'Saved.');
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields)) form.setError(name as keyof UpdateGeolocationModeRequest, { message });
      } else form.setError('root', { message: adminErrorText(error) });
    }
  });
  const editable = mayChange && !config.geolocationModeLocked;
  return (
    <Panel
      title="Location check"
      actions={
        <span className="flex items-center gap-2 text-xs text-ink-muted">
          Mode <Tag tone={config.geolocationMode === 'enforce' ? 'ok' : 'warning'}>{config.geolocationMode}</Tag>
          {config.geolocationModeLocked ? '(production: always enforce)' : `(server default: ${config.geolocationModeDefault})`}
        </span>
      }
    >
      {editable ? (
        <form onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-[1fr_2fr_auto] md:items-start" noValidate>
          <Select label="Mode" options={modeOptions} error={errors.mode?.message} {...form.register('mode')} />
          <Input label="Reason for the mode (kept in the audit trail)" error={errors.reason?.message} {...form.register('reason')} />
          <Button type="submit" size="sm" className="md:mt-6" loading={isSubmitting}>
            Save mode
          </Button>
          <ErrorNotice className="md:col-span-3">{errors.root?.message}</ErrorNotice>
        </form>
      ) : (
        <p className="text-xs text-ink-muted">
          {config.geolocationModeLocked
            ? 'In production the location check is always enforced.'
            : 'Only the compliance or admin role can switch the location check between enforce and monitor.'}
        </p>
      )}
    </Panel>
  );
}

function SiteConfigForm({ config, onSaved }: { config: AdminSiteConfig; onSaved: (message: string) => void }) {
  const save = useSaveSiteConfig();
  const form = useForm<UpdateSiteConfigRequest, unknown, z.output<typeof updateSiteConfigRequestSchema>>({
    resolver: zodResolver(updateSiteConfigRequestSchema),
    defaultValues: {
      siteName: config.siteName,
      supportEmail: config.supportEmail,
      blockedRegions: config.blockedRegions as UpdateSiteConfigRequest['blockedRegions'],
      version: config.version,
      reason: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync(values);
      onSaved(result.message ?? 'Saved.');
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields)) form.setError(name as keyof UpdateSiteConfigRequest, { message });
      } else form.setError('root', { message: adminErrorText(error) });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <Panel title="Site">
        <div className="grid gap-3 md:grid-cols-2">
          <Input label="Site name" autoComplete="off" error={errors.siteName?.message} {...form.register('siteName')} />
          <Input
            label="Support e-mail"
            type="email"
            autoComplete="off"
            error={errors.supportEmail?.message}
            {...form.register('supportEmail')}
          />
        </div>
      </Panel>
      <Panel title="Regions">
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Blocked regions (play refused there at the next check)
          </legend>
          <div className="grid grid-cols-4 gap-x-3 gap-y-1 sm:grid-cols-8 lg:grid-cols-14">
            {usRegionCodes.map((code) => (
              <label key={code} className="flex cursor-pointer items-center gap-1.5 text-sm text-ink">
                <input type="checkbox" value={code} className="h-4 w-4 accent-gold-500" {...form.register('blockedRegions')} />
                {code}
              </label>
            ))}
          </div>
          {errors.blockedRegions ? (
            <p role="alert" className="text-xs font-medium text-danger">
              {errors.blockedRegions.message ?? errors.blockedRegions.root?.message}
            </p>
          ) : null}
        </fieldset>
      </Panel>
      <Input label="Reason (kept in the audit trail)" error={errors.reason?.message} {...form.register('reason')} />
      <ErrorNotice>{errors.root?.message}</ErrorNotice>
      <div>
        <Button type="submit" size="sm" loading={isSubmitting}>
          Save site config
        </Button>
      </div>
    </form>
  );
}
