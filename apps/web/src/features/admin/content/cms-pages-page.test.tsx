import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CmsPagesPage from './cms-pages-page';

const page = {
  slug: 'house-rules',
  title: 'House rules',
  content: '<p>Old rules</p>',
  category: 2,
  isActive: true,
  updatedAt: '2026-11-24T12:00:00.000Z',
  version: 3,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('the CMS pages desk', () => {
  it('lists pages, previews HTML without running it, and saves on the version shown with a reason', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return json({ data: { ...page, version: 4 }, message: 'Page saved.' });
      expect(url).toBe('/api/admin/content/cms-pages');
      return json({ data: { rows: [page], count: 1 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CmsPagesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The address is the player site's route of the page (/<slug>), a link that opens it.
    const address = await screen.findByRole('link', { name: '/house-rules' });
    expect(address).toHaveAttribute('href', '/house-rules');
    expect(screen.queryByText('/cms/house-rules')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Edit page house-rules' }));
    const dialog = screen.getByRole('dialog');
    const html = within(dialog).getByLabelText('HTML (sanitised on save)');
    await user.clear(html);
    await user.click(html);
    await user.paste('<h2>Rules</h2><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">bad</a>');
    const preview = within(dialog).getByTestId('cms-preview');
    expect(within(preview).getByRole('heading', { level: 2, name: 'Rules' })).toBeInTheDocument();
    expect(preview.innerHTML).not.toMatch(/onerror|script|javascript:|<img/i);

    await user.click(within(dialog).getByRole('button', { name: 'Save page' }));
    expect(await within(dialog).findByText('Please give a reason (at least 5 characters).')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Ticket CMS-7');
    await user.click(within(dialog).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [url, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'PUT')!;
    expect(url).toBe('/api/admin/content/cms-pages/house-rules');
    expect(JSON.parse(init!.body as string)).toMatchObject({ title: 'House rules', version: 3, reason: 'Ticket CMS-7' });
    expect(await screen.findByText('Page saved.')).toBeInTheDocument();
  });

  it("creates a page: a taken address shows the server's reason on the address field, then a free one is created", async () => {
    const taken = 'A page with this address already exists. Choose another address.';
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { slug: string };
        if (body.slug === 'house-rules') {
          return json(
            {
              errors: [
                {
                  errorCode: 3850,
                  name: 'ContentSlugExists',
                  description: taken,
                  details: { issues: [{ field: 'body.slug', message: taken }] },
                },
              ],
            },
            409,
          );
        }
        return json({ data: { ...page, slug: body.slug, version: 1 }, message: 'Page created.' });
      }
      return json({ data: { rows: [page], count: 1 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CmsPagesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'New page' }));
    const dialog = screen.getByRole('dialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Address (slug)'), 'house-rules');
    await user.selectOptions(within(dialog).getByLabelText('Linked from'), 'Sidebar (rules)');
    await user.type(within(dialog).getByLabelText('Title'), 'Responsible play');
    await user.type(within(dialog).getByLabelText('HTML (sanitised on save)'), '<p>Take breaks.</p>');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'New page CMS-9');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Address (slug)'));
    await user.type(within(dialog).getByLabelText('Address (slug)'), 'responsible-play');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(posts.at(-1)![1]!.body as string)).toEqual({
      slug: 'responsible-play',
      title: 'Responsible play',
      content: '<p>Take breaks.</p>',
      category: 2,
      isActive: true,
      reason: 'New page CMS-9',
    });
    expect(await screen.findByText('Page created.')).toBeInTheDocument();
  });
});
