import { errorCodes } from '@casino/contracts/errors';
import { formatUsPhone, KYC_LABELS, KYC_MODALS, kycLabelOf } from '@casino/contracts/kyc';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { ApiError, errorMessage, isSessionHandled } from '../../../lib/http';
import { enqueueModal } from '../../../lib/modal-queue';
import { kycLabelsQuery, kycSettingsQuery, useInitKyc } from '../api';

function StatusModal({ title, message, close }: { title: string; message: string; close: () => void }) {
  return (
    <Dialog open title={title} onClose={close} size="sm">
      <div className="flex flex-col items-center gap-5 text-center">
        <p className="text-sm text-ink-muted">{message}</p>
        <Button onClick={close} className="w-full">
          Close
        </Button>
      </div>
    </Dialog>
  );
}

/** Seed 001 section 8: 3073 'In Progress', 3072 'Already Verified'. */
function showStatusModal(modal: { title: string; message: string }) {
  enqueueModal({ id: `kyc-${modal.title}`, render: (close) => <StatusModal {...modal} close={close} /> });
}

const TONE: Record<string, string> = {
  complete: 'bg-emerald-500/15 text-emerald-300 ring-emerald-400/30',
  processing: 'bg-amber-400/15 text-amber-200 ring-amber-300/30',
  failed: 'bg-danger/15 text-red-300 ring-danger/40',
  null: 'bg-danger/15 text-red-300 ring-danger/40',
  archived: 'bg-danger/15 text-red-300 ring-danger/40',
};

function Badge({ status, children }: { status: string; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase ring-1',
        TONE[status] ?? 'bg-night-700 text-ink-muted ring-night-500',
      )}
    >
      {children}
    </span>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.2" />
      <path d="m6 10.5 2.6 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const statusName = (status: string) => (status === 'null' ? 'Not started' : status.charAt(0).toUpperCase() + status.slice(1));

/**
 * The identity-verification panel shown after phone verification (seed 001 section 2
 * 'Verification'): the status table of section 4 with its button and message; the button opens
 * the vendor's hosted page at the link GET /kyc/init-kyc answers.
 */
export function KycPanel({ phone, kycStatus }: { phone: string | null; kycStatus: string }) {
  const labels = useQuery(kycLabelsQuery());
  const settings = useQuery(kycSettingsQuery());
  // Without a KYC vendor (production before one is configured) the button would only answer 3739.
  const available = settings.data?.isKycEnabled !== false;
  const init = useInitKyc();
  const label = kycLabelOf(kycStatus, labels.data?.labels ?? KYC_LABELS);

  const start = async () => {
    try {
      const { url } = await init.mutateAsync();
      window.location.assign(url);
    } catch (failure) {
      if (isSessionHandled(failure)) return;
      if (failure instanceof ApiError && failure.code === errorCodes.KycInProgress.code) showStatusModal(KYC_MODALS.inProgress);
      else if (failure instanceof ApiError && failure.code === errorCodes.KycAlreadyVerified.code)
        showStatusModal(KYC_MODALS.alreadyVerified);
      else toast.error(errorMessage(failure));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 className="font-display text-lg font-bold">Identity verification</h3>
        <p className="mt-1 text-sm text-ink-muted">A face and ID scan with our verification partner. It takes about two minutes.</p>
      </div>
      <div className="overflow-x-auto rounded-xl border border-night-600/70">
        <table className="w-full min-w-[320px] text-left text-sm">
          <caption className="sr-only">Verification status</caption>
          <thead className="bg-night-900/70 text-xs tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Step
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-night-700">
            <tr>
              <th scope="row" className="px-4 py-4 align-top font-semibold">
                Phone number
              </th>
              <td className="px-4 py-4">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge status="complete">Verified</Badge>
                  <span className="inline-flex items-center gap-1 text-emerald-300">
                    <CheckIcon />
                    <span className="text-ink">{phone ? `+1 ${formatUsPhone(phone)}` : ''}</span>
                  </span>
                </div>
              </td>
            </tr>
            <tr>
              <th scope="row" className="px-4 py-4 align-top font-semibold">
                KYC
              </th>
              <td className="px-4 py-4">
                <div className="flex flex-col items-start gap-3">
                  <Badge status={label.status}>{statusName(label.status)}</Badge>
                  <p data-testid="kyc-message" className="text-ink">
                    {label.message}
                  </p>
                  {!available ? (
                    <p className="text-sm text-ink-muted">Identity verification is not available right now. Please try again later.</p>
                  ) : label.button ? (
                    <Button onClick={() => void start()} loading={init.isPending}>
                      {label.button}
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}
