// Kept free of zod so the app's layout (the sidebar's Live Chat link) can name a page without the
// validation library in the first page's JavaScript.

/** Slugs other parts of the product link to (seed 000 section 2). */
export const cmsSlugs = {
  termsAndConditions: 'terms-and-conditions',
  privacyPolicy: 'privacy-policy',
  contactUs: 'contact_us',
  sweepstakesRules: 'sweepstakes-rules',
} as const;

/**
 * The player site's address of a CMS page: the catch-all route /{slug} (seed 000 section 2, e.g.
 * /terms-and-conditions), used by the site's links and by the back office's list alike.
 */
export function cmsPagePath(slug: string): string {
  return `/${slug}`;
}
