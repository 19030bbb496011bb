import type { CmsPage, CmsPageSummary } from '@casino/contracts/cms';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** GET /details/cms: every page's slug, title and category (seed 000 section 7). */
export const cmsPagesOptions = queryOptions({
  queryKey: ['cms'],
  queryFn: () => http.get<{ rows: CmsPageSummary[]; count: number }>('details/cms'),
  staleTime: 5 * 60_000,
});

/** GET /details/cms-detail?slug=: one page with its content. */
export function cmsPageOptions(slug: string) {
  return queryOptions({
    queryKey: ['cms', slug],
    queryFn: ({ signal }) => http.get<CmsPage>('details/cms-detail', { slug }, signal),
    staleTime: 5 * 60_000,
  });
}
