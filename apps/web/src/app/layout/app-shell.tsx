import { useLocation } from 'react-router';
import { firstScreenFor } from './first-screens';
import { Header } from './header';

/**
 * What shows while the first page's code loads (the router's hydrate fallback): the layout's
 * frame and the header, where index.html's static shell painted them before any script ran, and
 * the page's first screen where it has one (first-screens.tsx), as the server sent it, so the
 * first screen goes from shell to page without a blank moment (issue 17 point 4).
 */
export function AppShell() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      {firstScreenFor(pathname)}
    </div>
  );
}
