import { useQueryClient } from '@tanstack/react-query';
import { createElement, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import { setAdminSessionLostHandler } from './admin-http';
import { AdminParamsContext } from './admin-params';
import { ErrorNotice } from './notices';
import { adminPages, pagesFor } from './registry';
import { resetOperatorCache, useOperator } from './session-api';
import { AdminShell } from './shell';
import { SignInPage } from './sign-in-page';

/**
 * The back office at /admin, loaded only when an operator opens it: sign-in (password,
 * then the authenticator's code), then the shell with the pages the operator's roles allow. The
 * page is picked here by matching the registry's paths, not by descendant <Routes>: those would
 * keep more of the router in the lobby's first download, which every player pays for.
 */
const pageComponents = new Map<string, LazyExoticComponent<ComponentType>>(adminPages.map((page) => [page.path, lazy(page.load)]));

export default function AdminApp() {
  const operator = useOperator();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [sessionNotice, setSessionNotice] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Back office · Lucky Crown';
    setAdminSessionLostHandler((error) => {
      setSessionNotice(`${error.message} Your session as an operator has ended.`);
      resetOperatorCache(queryClient, null);
    });
    return () => setAdminSessionLostHandler(undefined);
  }, [queryClient]);

  const allowed = useMemo(() => (operator.data ? pagesFor(operator.data.roles) : []), [operator.data]);

  if (operator.isPending) {
    return <p className="p-6 text-sm text-ink-muted">Loading the back office…</p>;
  }
  if (operator.isError) {
    return (
      <div className="p-6">
        <ErrorNotice>The back office could not be reached: {operator.error.message} Reload the page to try again.</ErrorNotice>
      </div>
    );
  }
  if (!operator.data) return <SignInPage notice={sessionNotice} onSignedIn={() => setSessionNotice(null)} />;

  const home = allowed.find((page) => page.nav !== false);
  if (/^\/admin\/?$/.test(pathname)) return home ? <Navigate to={`/admin/${home.path}`} replace /> : <NoPages />;
  const current = allowed.flatMap((page) => {
    const match = matchPath({ path: `/admin/${page.path}`, end: true }, pathname);
    return match ? [{ page, params: match.params }] : [];
  })[0];
  const Page = current ? pageComponents.get(current.page.path) : undefined;
  return (
    <AdminShell operator={operator.data} pages={allowed}>
      <Suspense fallback={<p className="text-sm text-ink-muted">Loading…</p>}>
        {current && Page ? (
          <AdminParamsContext value={current.params}>{createElement(Page, { key: current.page.path })}</AdminParamsContext>
        ) : (
          <NotAllowed />
        )}
      </Suspense>
    </AdminShell>
  );
}

function NoPages() {
  return <ErrorNotice>Your roles give you no page of the back office yet. Ask an admin for the role you need.</ErrorNotice>;
}

function NotAllowed() {
  return <ErrorNotice>This page does not exist, or your roles do not allow it.</ErrorNotice>;
}
