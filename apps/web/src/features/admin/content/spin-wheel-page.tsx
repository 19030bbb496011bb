import { updateWheelWeightsRequestSchema, type AdminWheel, type UpdateWheelWeightsRequest } from '@casino/contracts/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { formatAmount } from '../../../lib/format';
import { AdminApiError, adminErrorText } from '../admin-http';
import { ErrorNotice, Panel, SuccessNotice, Tag } from '../notices';
import { useSaveWheel, useWheel, useWheelVersions } from './spin-wheel-api';
import { VersionHistoryDialog } from './version-history';

/**
 * The spin wheel's weights: each segment's chance is its weight over the sum,
 * shown as the operator types, so a change is seen before it is saved. The prizes stay.
 */
export default function SpinWheelPage() {
  const wheel = useWheel();
  const [done, setDone] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-display text-xl font-bold text-ink">Spin wheel</h1>
        <Button size="sm" variant="ghost" onClick={() => setHistory(true)}>
          History
        </Button>
      </div>
      <SuccessNotice>{done}</SuccessNotice>
      {wheel.isError ? <ErrorNotice>{adminErrorText(wheel.error)}</ErrorNotice> : null}
      {wheel.data ? <WeightsForm key={wheel.data.version} wheel={wheel.data} onSaved={setDone} /> : null}
      {history ? <WheelHistory onClose={() => setHistory(false)} /> : null}
    </div>
  );
}

function WheelHistory({ onClose }: { onClose: () => void }) {
  return <VersionHistoryDialog name="the wheel's weights" versions={useWheelVersions()} onClose={onClose} />;
}

function WeightsForm({ wheel, onSaved }: { wheel: AdminWheel; onSaved: (message: string) => void }) {
  const save = useSaveWheel();
  const form = useForm<UpdateWheelWeightsRequest, unknown, z.output<typeof updateWheelWeightsRequestSchema>>({
    resolver: zodResolver(updateWheelWeightsRequestSchema),
    defaultValues: { weights: wheel.segments.map((segment) => segment.weight), version: wheel.version, reason: '' },
  });
  const weights = useWatch({ control: form.control, name: 'weights' });
  const total = weights.reduce((sum, weight) => sum + (Number.isFinite(weight) && weight > 0 ? weight : 0), 0);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync(values);
      onSaved(result.message ?? 'Saved.');
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (fields.weights) form.setError('weights', { message: fields.weights });
      else form.setError('root', { message: adminErrorText(error) });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <Panel title="Segments">
        <div className="overflow-x-auto">
          <table className="min-w-[520px] text-left text-xs">
            <caption className="sr-only">Spin-wheel segments</caption>
            <thead className="text-[11px] tracking-wide text-ink-muted uppercase">
              <tr>
                <th className="px-2 py-1.5 text-right">#</th>
                <th className="px-2 py-1.5 text-right">GC</th>
                <th className="px-2 py-1.5 text-right">SC</th>
                <th className="px-2 py-1.5">Weight</th>
                <th className="px-2 py-1.5">Chance</th>
              </tr>
            </thead>
            <tbody>
              {wheel.segments.map((segment, index) => {
                const weight = weights[index] ?? 0;
                const chance = total > 0 && weight > 0 ? weight / total : 0;
                return (
                  <tr key={segment.position} className="border-t border-night-700">
                    <td className="px-2 py-1 text-right">
                      {index + 1} {segment.isJackpot ? <Tag tone="warning">jackpot</Tag> : null}
                    </td>
                    <td className="px-2 py-1 text-right">{formatAmount(segment.gcAmount)}</td>
                    <td className="px-2 py-1 text-right">{formatAmount(segment.scAmount)}</td>
                    <td className="w-32 px-2 py-1">
                      <Input
                        aria-label={`Weight of segment ${index + 1}`}
                        type="number"
                        min={1}
                        error={errors.weights?.[index]?.message}
                        {...form.register(`weights.${index}`, { valueAsNumber: true })}
                      />
                    </td>
                    <td className="px-2 py-1">
                      <span className="flex items-center gap-2">
                        <span className="h-2 w-24 rounded bg-night-700" aria-hidden="true">
                          <span className="block h-2 rounded bg-gold-400" style={{ width: `${Math.min(100, chance * 100)}%` }} />
                        </span>
                        {(chance * 100).toFixed(2)}%
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {errors.weights?.message ? (
          <p role="alert" className="text-xs font-medium text-danger">
            {errors.weights.message}
          </p>
        ) : null}
      </Panel>
      <Input label="Reason (kept in the audit trail)" error={errors.reason?.message} {...form.register('reason')} />
      <ErrorNotice>{errors.root?.message}</ErrorNotice>
      <div>
        <Button type="submit" size="sm" loading={isSubmitting}>
          Save weights
        </Button>
      </div>
    </form>
  );
}
