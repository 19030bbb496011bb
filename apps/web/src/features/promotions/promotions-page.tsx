import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { CmsContent, cmsPageOptions } from '../cms';
import { PagePopup } from '../popups';
import { PageBanners } from '../banners';

/** The CMS page whose text the promotions page shows: operators change it without a deploy. */
export const PROMOTIONS_CMS_SLUG = 'promotions';

/** /promotions-page (seed 000 section 2): the promotionPage banners, the promotions text, the 'promotion' popup. */
export function Component() {
  const page = useQuery(cmsPageOptions(PROMOTIONS_CMS_SLUG));
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="flex flex-col gap-6 px-3 py-5 sm:px-5">
      <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">Promotions</h1>
      <PageBanners pageName="promotionPage" />
      <section className="rounded-3xl border border-night-600/70 bg-night-900/60 p-5 sm:p-8">
        {page.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        ) : page.data ? (
          <CmsContent html={page.data.content.EN} />
        ) : (
          <p role="alert" className="text-ink-muted">
            The promotions could not be loaded. Please try again later.
          </p>
        )}
      </section>
      <PagePopup group="promotion" />
    </div>
  );
}
