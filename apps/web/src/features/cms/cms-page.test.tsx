import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as CmsPage } from './cms-page';

afterEach(() => vi.unstubAllGlobals());

function renderAt(slug: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ data: { slug, title: { EN: 'Sweepstakes Rules' }, content: { EN: '<p>No purchase necessary.</p>' } } }),
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
    ),
  );
  const router = createMemoryRouter([{ path: '/:cmsPage', element: <CmsPage /> }], { initialEntries: [`/${slug}`] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a CMS page', () => {
  it('the Sweepstakes Rules lead to the mail-in entry page, whatever their text says', async () => {
    renderAt('sweepstakes-rules');
    expect(await screen.findByText('No purchase necessary.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mail-in entry: get your request code' })).toHaveAttribute('href', '/mail-in-entry');
  });

  it('other pages do not', async () => {
    renderAt('privacy-policy');
    expect(await screen.findByText('No purchase necessary.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Mail-in entry/ })).not.toBeInTheDocument();
  });
});
