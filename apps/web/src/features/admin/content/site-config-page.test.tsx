import type { AdminSiteConfig } from '@casino/contracts/admin-content';
import type { OperatorRole } from '@casino/contracts/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SiteConfigPage from './site-config-page';

const config: AdminSiteConfig = {
  siteName: 'Lucky Crown',
  supportEmail: 'support@luckycrown.local',
  blockedRegions: ['ID', 'MI', 'NV', 'WA'],
  geolocationMode: 'monitor',
  geolocationModeDefault: 'monitor',
  geolocationModeLocked: false,
  version: 4,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

function renderAs(roles: OperatorRole[]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/admin/auth/me') return json({ data: { operatorId: 1, email: 'ops@test', displayName: 'Ops', roles } });
    if (init?.method === 'PUT')
      return json({ data: { ...config, geolocationMode: 'enforce', version: 5 }, message: 'Location check mode saved.' });
    return json({ data: config });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SiteConfigPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the site config page: location check mode', () => {
  it('lets compliance switch to enforce with a reason, on the version shown', async () => {
    const user = userEvent.setup();
    const fetchMock = renderAs(['compliance']);
    const panel = (await screen.findByRole('heading', { name: 'Location check' })).closest('section')!;
    expect(within(panel).getByText(/server default: monitor/)).toBeInTheDocument();
    // Compliance does not change the content settings.
    expect(screen.queryByRole('button', { name: 'Save site config' })).not.toBeInTheDocument();

    await user.selectOptions(within(panel).getByLabelText('Mode'), 'enforce');
    await user.click(within(panel).getByRole('button', { name: 'Save mode' }));
    expect(await within(panel).findByText('Please give a reason (at least 5 characters).')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Reason for the mode (kept in the audit trail)'), 'Launch in enforce, GEO-1');
    await user.click(within(panel).getByRole('button', { name: 'Save mode' }));
    expect(await screen.findByText('Location check mode saved.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'PUT')!;
    expect(url).toBe('/api/admin/content/site-config/geolocation-mode');
    expect(JSON.parse(init!.body as string)).toEqual({ mode: 'enforce', version: 4, reason: 'Launch in enforce, GEO-1' });
  });

  it('shows the mode without a way to change it to the content role', async () => {
    renderAs(['content']);
    expect(
      await screen.findByText('Only the compliance or admin role can switch the location check between enforce and monitor.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save site config' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Save mode' })).not.toBeInTheDocument();
  });
});
