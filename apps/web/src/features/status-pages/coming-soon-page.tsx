import { HomeLink, StatusPage } from './status-page';

export function Component() {
  return (
    <StatusPage emblem="★" title="Coming soon">
      <p className="text-ink-muted">This part of Lucky Crown is being polished and opens soon. Meanwhile the lobby is full of games.</p>
      <HomeLink />
    </StatusPage>
  );
}
