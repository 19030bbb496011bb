import { cmsPagePath } from '@casino/contracts/cms-slugs';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cmsPagesOptions } from './api';

/**
 * Links to the CMS pages of one category: category 1 feeds the footer (policies, contact_us),
 * category 2 the sidebar (seed 000 sections 1 and 2). Nothing shows until the list is loaded, so
 * a link never points at a page the CMS does not have.
 */
export function CmsLinks({ category, render }: { category: number; render: (page: { to: string; title: string }) => ReactNode }) {
  const { data } = useQuery(cmsPagesOptions);
  const pages = data?.rows.filter((page) => page.category === category) ?? [];
  return <>{pages.map((page) => render({ to: cmsPagePath(page.slug), title: page.title.EN }))}</>;
}

export function CmsFooterLink({ to, title }: { to: string; title: string }) {
  return (
    <Link className="hover:text-gold-300" to={to}>
      {title}
    </Link>
  );
}
