import { redeemTexts } from '@casino/contracts/redeem';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { accountDetailsPath } from '../../account/account-paths';

/** What a redeem attempt ended with, as the seed's modals show it (seed 001 sections 2, 4 and 8). */
export type RedeemOutcome =
  | { kind: 'kyc-pending' }
  | { kind: 'in-process' }
  | { kind: 'submitted' }
  | { kind: 'restricted' }
  | { kind: 'limit'; message: string }
  | { kind: 'status'; message: string }
  | { kind: 'failed' };

function StatusIcon({ tone }: { tone: 'ok' | 'warn' | 'bad' }) {
  const colour = tone === 'ok' ? 'text-emerald-sc' : tone === 'warn' ? 'text-gold-300' : 'text-danger';
  return (
    <svg viewBox="0 0 48 48" className={`mx-auto h-14 w-14 ${colour}`} fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
      <circle cx="24" cy="24" r="21" />
      {tone === 'ok' ? (
        <path d="M14 25l7 7 13-15" />
      ) : tone === 'warn' ? (
        <path d="M24 13v14M24 33v2" />
      ) : (
        <path d="M16 16l16 16M32 16L16 32" />
      )}
    </svg>
  );
}

export function RedeemOutcomeDialog({ outcome, onClose }: { outcome: RedeemOutcome | null; onClose: () => void }) {
  const navigate = useNavigate();
  if (!outcome) return null;
  switch (outcome.kind) {
    case 'kyc-pending':
      return (
        <Dialog open title={redeemTexts.kycPendingTitle} onClose={onClose} size="sm">
          <div className="flex flex-col gap-3 text-center">
            <StatusIcon tone="warn" />
            <p className="font-bold text-ink">{redeemTexts.kycPendingHeading}</p>
            <p className="text-sm text-ink-muted">{redeemTexts.kycPendingBody}</p>
            <Button
              size="lg"
              onClick={() => {
                onClose();
                void navigate(accountDetailsPath('verification'));
              }}
            >
              {redeemTexts.kycPendingButton}
            </Button>
          </div>
        </Dialog>
      );
    case 'in-process':
      return (
        <Dialog open title={redeemTexts.inProcessTitle} onClose={onClose} size="sm">
          <div className="flex flex-col gap-3 text-center">
            <StatusIcon tone="ok" />
            <p className="font-bold text-ink">{redeemTexts.inProcessHeading}</p>
            <p className="text-sm text-ink-muted">{redeemTexts.inProcessBody}</p>
            <Button
              size="lg"
              onClick={() => {
                onClose();
                // Its Close button goes to / (seed 001 section 4 'Redeem').
                void navigate('/');
              }}
            >
              Close
            </Button>
          </div>
        </Dialog>
      );
    case 'submitted':
      return (
        <Dialog open title={redeemTexts.submittedTitle} onClose={onClose} size="sm">
          <div className="flex flex-col gap-3 text-center">
            <StatusIcon tone="ok" />
            <p className="font-bold text-ink">{redeemTexts.inProcessHeading}</p>
            <p className="text-sm text-ink-muted">{redeemTexts.inProcessBody}</p>
            <Button size="lg" onClick={onClose}>
              Close
            </Button>
          </div>
        </Dialog>
      );
    case 'restricted':
    case 'limit':
      return (
        <Dialog open title="Error" onClose={onClose} size="sm">
          <div className="flex flex-col gap-3 text-center">
            <StatusIcon tone="bad" />
            <p className="text-sm text-ink">{outcome.kind === 'restricted' ? redeemTexts.restricted : outcome.message}</p>
            <Button size="lg" onClick={onClose}>
              Close
            </Button>
          </div>
        </Dialog>
      );
    case 'status':
      return (
        <Dialog open title={redeemTexts.statusTitle} onClose={onClose} size="sm">
          <div className="flex flex-col gap-3 text-center">
            <StatusIcon tone="bad" />
            <p className="text-sm text-ink">{outcome.message}</p>
            <Button size="lg" onClick={onClose}>
              Close
            </Button>
          </div>
        </Dialog>
      );
    case 'failed':
      return (
        <Dialog open title={redeemTexts.failedTitle} onClose={onClose} size="sm">
          <div className="flex flex-col gap-3 text-center">
            <StatusIcon tone="bad" />
            <p className="text-sm text-ink">{redeemTexts.failedBody}</p>
            <Button size="lg" onClick={onClose}>
              Close
            </Button>
          </div>
        </Dialog>
      );
  }
}
