import { matchPath } from 'react-router';

/** Pages without the sidebar and footer (seed 000 section 2 'Layout'). */
const BARE_PAGES = ['/game-play/:gameId', '/coming-soon', '/404', '/not-available'];

export function isBarePage(pathname: string): boolean {
  return BARE_PAGES.some((pattern) => matchPath(pattern, pathname) !== null);
}

export function layoutFor(pathname: string, signedIn: boolean) {
  const bare = isBarePage(pathname);
  return {
    header: matchPath('/not-available', pathname) === null,
    sidebar: signedIn && !bare,
    footer: !bare,
  };
}
