import { isRouteErrorResponse, useRouteError } from 'react-router';
import { HomeLink, StatusPage } from '../features/status-pages';

/** Shown when a route fails to load or render: the 500 page, or not-found for a 404 response. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage emblem="404" title="Page not found">
        <HomeLink />
      </StatusPage>
    );
  }
  return (
    <StatusPage emblem="500" title="Something went wrong">
      <p className="text-ink-muted">Please reload the page or go back to the lobby.</p>
      <HomeLink />
    </StatusPage>
  );
}
