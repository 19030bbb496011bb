import { HomeLink, StatusPage } from './status-page';

export function Component() {
  return (
    <StatusPage emblem="404" title="Page not found">
      <p className="text-ink-muted">The page you are looking for does not exist or has moved.</p>
      <HomeLink />
    </StatusPage>
  );
}
