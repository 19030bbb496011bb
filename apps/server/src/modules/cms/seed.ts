import { cmsSlugs } from '@casino/contracts/cms';
import type { DbExecutor } from '../../db/client.js';
import type { SeedStep } from '../../db/seed.js';
import { cmsPages } from '../../db/schema/index.js';
import { contactUsHtml, privacyPolicyHtml, sweepstakesRulesHtml, termsAndConditionsHtml } from './seed-pages.js';

/** Demo CMS pages; a page an operator already edited is left as it is. */
async function seedCmsPages(db: DbExecutor): Promise<void> {
  await db
    .insert(cmsPages)
    .values([
      { slug: cmsSlugs.termsAndConditions, title: { EN: 'Terms and Conditions' }, content: { EN: termsAndConditionsHtml }, category: 1 },
      { slug: cmsSlugs.privacyPolicy, title: { EN: 'Privacy Policy' }, content: { EN: privacyPolicyHtml }, category: 1 },
      { slug: cmsSlugs.contactUs, title: { EN: 'Contact Us' }, content: { EN: contactUsHtml }, category: 1 },
      { slug: cmsSlugs.sweepstakesRules, title: { EN: 'Sweepstakes Rules' }, content: { EN: sweepstakesRulesHtml }, category: 2 },
    ])
    .onConflictDoNothing();
}

/** Demo content of this feature, by version (db/seed.ts): a new version adds rows, never rewrites old ones. */
export const cmsPagesSeed: SeedStep = {
  name: 'cms-pages',
  versions: [{ version: 1, description: 'the policy pages (terms, privacy, contact us, sweepstakes rules)', apply: seedCmsPages }],
};
