import { HomeLink, StatusPage } from './status-page';

export function Component() {
  return (
    <StatusPage emblem="500" title="Something went wrong">
      <p className="text-ink-muted">We hit a problem on our side. Please try again in a moment.</p>
      <HomeLink />
    </StatusPage>
  );
}
