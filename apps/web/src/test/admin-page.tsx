import type { OperatorRole } from '@casino/contracts/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** A JSON answer of the API, as `fetch` resolves it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Renders a back-office page for an operator with these roles: `fetch` answers who is signed in,
 * and every other call with `answer`. Returns the mock, to read the calls made. The caller
 * restores `fetch` with `vi.unstubAllGlobals()`.
 */
export function renderAdminPage(Page: ComponentType, roles: OperatorRole[], answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/admin/auth/me') return json({ data: { operatorId: 1, email: 'ops@test', displayName: 'Ops', roles } });
    return answer(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}
