import { siteConfigKeys } from '@casino/contracts/site-config-keys';
import { CmsFooterLink, CmsLinks } from '../../features/cms';
import { useSiteConfigValue } from '../../features/site';
import { paths } from '../paths';

/**
 * The footer: the CMS's policy pages (category 1, including contact_us), the '+18' badge and the
 * operator's support contact from site configuration (seed 000 section 1).
 */
export function Footer() {
  const supportEmail = useSiteConfigValue(siteConfigKeys.supportEmail);
  return (
    <footer className="mt-12 border-t border-night-700/80 bg-night-900/70">
      <div className="mx-auto grid max-w-[1600px] gap-8 px-5 py-10 text-sm text-ink-muted sm:grid-cols-[2fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <p className="font-display text-lg font-black tracking-wider text-ink uppercase">
            <span className="text-gradient-gold">Lucky</span> Crown
          </p>
          <p className="max-w-prose leading-relaxed">
            Lucky Crown is a free-to-play social casino. No purchase is necessary to play. Sweeps Coins are a free promotional currency that
            can be redeemed for cash prizes once played through. Void where prohibited.
          </p>
        </div>
        <nav aria-label="Policies" className="flex flex-col gap-2">
          <CmsLinks category={1} render={(page) => <CmsFooterLink key={page.to} {...page} />} />
          {/* Limits, time breaks and self-exclusion. */}
          <CmsFooterLink to={paths.responsibleGambling} title="Responsible Play" />
          <CmsFooterLink to={paths.mailInEntry} title="Mail-in Entry" />
        </nav>
        <div className="flex flex-col gap-3">
          <span
            className="flex h-12 w-12 items-center justify-center rounded-full border-2 border-danger font-black text-danger"
            aria-label="Adults only: 18 plus"
          >
            +18
          </span>
          {supportEmail ? (
            <p>
              Support:{' '}
              <a className="text-gold-300 hover:underline" href={`mailto:${supportEmail}`}>
                {supportEmail}
              </a>
            </p>
          ) : null}
        </div>
      </div>
      <p className="border-t border-night-800 py-4 text-center text-xs text-ink-faint">
        © {new Date().getFullYear()} Lucky Crown. Play responsibly.
      </p>
    </footer>
  );
}
