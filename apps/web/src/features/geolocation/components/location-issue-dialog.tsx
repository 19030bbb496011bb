import { geolocationTexts } from '@casino/contracts/geolocation';
import { siteConfigKeys } from '@casino/contracts/site-config-keys';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useSiteConfigValue } from '../../site';
import { useLocationStatus } from '../location-status';

export const LOCATION_ISSUE_DIALOG_ID = 'location-issue';

function PinIcon() {
  return (
    <svg viewBox="0 0 48 48" className="h-14 w-14" aria-hidden="true">
      <defs>
        <linearGradient id="location-issue-pin" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fcd34d" />
          <stop offset="1" stopColor="#d97706" />
        </linearGradient>
      </defs>
      <path d="M24 4c-7.7 0-14 6.1-14 13.7C10 28 24 44 24 44s14-16 14-26.3C38 10.1 31.7 4 24 4Z" fill="url(#location-issue-pin)" />
      <circle cx="24" cy="18" r="5.5" fill="#1a1033" />
      <path d="M8 8l32 32" stroke="#f43f5e" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * 'Location Issue' (seed 000 section 2 'Dialogs'): not closable, a Retry button (reason
 * USER_DRIVEN_RETRY) and the support contact line. It closes itself when a check passes.
 */
export function LocationIssueDialog({ onRetry }: { onRetry: () => Promise<unknown> }) {
  const { status, message } = useLocationStatus();
  const supportEmail = useSiteConfigValue(siteConfigKeys.supportEmail);
  return (
    <Dialog open title={geolocationTexts.dialogTitle} size="sm">
      <div className="flex flex-col items-center gap-4 text-center">
        <PinIcon />
        <p className="text-base font-semibold text-ink">{geolocationTexts.dialogMessage}</p>
        {message && message !== geolocationTexts.dialogMessage ? <p className="text-sm text-ink-muted">{message}</p> : null}
        <Button size="lg" className="w-full" loading={status === 'checking'} onClick={() => void onRetry()}>
          {geolocationTexts.retry}
        </Button>
        <p className="text-xs text-ink-muted">
          Need help? Contact our support team
          {supportEmail ? (
            <>
              {' at '}
              <a className="font-semibold text-gold-300 underline-offset-2 hover:underline" href={`mailto:${supportEmail}`}>
                {supportEmail}
              </a>
            </>
          ) : null}
          .
        </p>
      </div>
    </Dialog>
  );
}
