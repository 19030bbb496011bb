import { CrownMark } from '../../components/crown-mark';
import { HomeLink } from './status-page';

/** Region not available (seed 000 section 2 'Dialogs', not-available page text). */
export function Component() {
  return (
    <section className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-6 px-6 py-16 text-center">
      <CrownMark className="h-16 w-16" />
      <h1 className="font-display text-3xl font-extrabold text-gradient-gold">Thank you for your interest</h1>
      <p className="text-ink-muted">
        Unfortunately, the product is not available in this region. If you believe you should have access, please contact us.
      </p>
      <ol className="flex flex-col gap-2 rounded-2xl border border-night-600 bg-night-850/80 px-6 py-4 text-left text-sm">
        <li>1. Check if the website has location access</li>
        <li>2. If no, then enable the location</li>
        <li>3. Click below button</li>
      </ol>
      <HomeLink />
      <p className="text-ink-muted">Kind Regards</p>
    </section>
  );
}
