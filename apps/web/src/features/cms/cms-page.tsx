import { useQuery } from '@tanstack/react-query';
import { cmsSlugs } from '@casino/contracts/cms-slugs';
import { Link, Navigate, useParams } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/http';
import { MAIL_IN_ENTRY_PATH } from '../mail-in';
import { cmsPageOptions } from './api';
import { CmsContent } from './components/cms-content';

/**
 * /{cmsPage} (seed 000 section 2): a CMS page by slug, e.g. /terms-and-conditions and
 * /privacy-policy. A slug with no page goes to the not-found route, like any unknown path.
 */
export function Component() {
  const { cmsPage = '' } = useParams();
  const { data: page, error, isPending } = useQuery(cmsPageOptions(cmsPage));

  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <Navigate to="/404" replace />;

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading page">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ) : page ? (
        <>
          <h1 className="mb-6 font-display text-3xl font-black tracking-wide text-gradient-gold uppercase sm:text-4xl">{page.title.EN}</h1>
          <div className="rounded-3xl border border-night-600/70 bg-night-900/60 p-5 sm:p-8">
            <CmsContent html={page.content.EN} />
          </div>
          {cmsPage === cmsSlugs.sweepstakesRules ? (
            <aside aria-label="Free entry by mail" className="mt-5 rounded-3xl border border-gold-500/40 bg-night-900/60 p-5 sm:p-6">
              <p className="text-ink">
                No purchase necessary: you can also get Sweeps Coins free by post.{' '}
                <Link to={MAIL_IN_ENTRY_PATH} className="font-bold text-gold-300 underline-offset-2 hover:underline">
                  Mail-in entry: get your request code
                </Link>
              </p>
            </aside>
          ) : null}
        </>
      ) : (
        <p role="alert" className="text-ink-muted">
          This page could not be loaded. Please try again later.
        </p>
      )}
    </article>
  );
}
