import { redeemTexts } from '@casino/contracts/redeem';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { accountDetailsPath } from '../../account';

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

/** One outcome's modal: its title, icon, heading and text, and the one button (Close unless said). */
interface OutcomeView {
  title: string;
  tone: 'ok' | 'warn' | 'bad';
  heading?: string;
  body: string;
  button?: string;
  /** Where the button goes after closing the modal. */
  then?: string;
}

function viewOf(outcome: RedeemOutcome): OutcomeView {
  switch (outcome.kind) {
    case 'kyc-pending':
      return {
        title: redeemTexts.kycPendingTitle,
        tone: 'warn',
        heading: redeemTexts.kycPendingHeading,
        body: redeemTexts.kycPendingBody,
        button: redeemTexts.kycPendingButton,
        then: accountDetailsPath('verification'),
      };
    // Its Close button goes to / (seed 001 section 4 'Redeem').
    case 'in-process':
      return {
        title: redeemTexts.inProcessTitle,
        tone: 'ok',
        heading: redeemTexts.inProcessHeading,
        body: redeemTexts.inProcessBody,
        then: '/',
      };
    case 'submitted':
      return { title: redeemTexts.submittedTitle, tone: 'ok', heading: redeemTexts.inProcessHeading, body: redeemTexts.inProcessBody };
    case 'restricted':
      return { title: 'Error', tone: 'bad', body: redeemTexts.restricted };
    case 'limit':
      return { title: 'Error', tone: 'bad', body: outcome.message };
    case 'status':
      return { title: redeemTexts.statusTitle, tone: 'bad', body: outcome.message };
    case 'failed':
      return { title: redeemTexts.failedTitle, tone: 'bad', body: redeemTexts.failedBody };
  }
}

export function RedeemOutcomeDialog({ outcome, onClose }: { outcome: RedeemOutcome | null; onClose: () => void }) {
  const navigate = useNavigate();
  if (!outcome) return null;
  const view = viewOf(outcome);
  return (
    <Dialog open title={view.title} onClose={onClose} size="sm">
      <div className="flex flex-col gap-3 text-center">
        <StatusIcon tone={view.tone} />
        {view.heading ? <p className="font-bold text-ink">{view.heading}</p> : null}
        <p className={view.heading ? 'text-sm text-ink-muted' : 'text-sm text-ink'}>{view.body}</p>
        <Button
          size="lg"
          onClick={() => {
            onClose();
            if (view.then) void navigate(view.then);
          }}
        >
          {view.button ?? 'Close'}
        </Button>
      </div>
    </Dialog>
  );
}
