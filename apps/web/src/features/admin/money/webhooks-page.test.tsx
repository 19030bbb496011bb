import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebhooksPage from './webhooks-page';

const failed = {
  webhookId: 41,
  provider: 'FINIX',
  eventId: 'EVabc123',
  reference: 'MRN-77',
  summary: 'transfer SUCCEEDED 9.99 USD',
  status: 'failed',
  attempts: 2,
  lastError: 'the database refused the write (payment_intents)',
  firstSeenAt: '2026-11-24T13:05:09.000Z',
  lastSeenAt: '2026-11-24T13:10:00.000Z',
  replayedAt: null,
  replayedBy: null,
  resolvedAt: null,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <WebhooksPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the failed webhooks desk', () => {
  it('lists each failed webhook with its event, error, attempts and UTC times; a replay asks why and shows the refusal, then the result', async () => {
    let replays = 0;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        replays += 1;
        if (replays === 1)
          return json(
            {
              errors: [
                {
                  errorCode: 3844,
                  name: 'WebhookReplayFailed',
                  description: 'The event still could not be applied (the database refused the write (payment_intents)). It stays failed.',
                },
              ],
            },
            422,
          );
        return json({ data: { webhookId: 41, status: 'replayed', duplicate: false }, message: 'Replayed: the event is applied.' });
      }
      expect(url).toBe('/api/admin/money/webhooks?status=failed&page=1&limit=25');
      return json({ data: { rows: replays < 2 ? [failed] : [], count: replays < 2 ? 1 : 0 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage();

    const row = (await screen.findByText('transfer SUCCEEDED 9.99 USD')).closest('tr')!;
    expect(within(row).getByText('Card processor (Finix)')).toBeInTheDocument();
    expect(within(row).getByText('EVabc123')).toBeInTheDocument();
    expect(within(row).getByText('MRN-77')).toBeInTheDocument();
    expect(within(row).getByText('the database refused the write (payment_intents)')).toBeInTheDocument();
    expect(within(row).getByText('11/24/2026 01:05:09 PM UTC')).toBeInTheDocument();
    expect(within(row).getByText('11/24/2026 01:10:00 PM UTC')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Replay webhook 41' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    expect(await within(dialog).findByText('Please give a reason (at least 5 characters).')).toBeInTheDocument();
    expect(replays).toBe(0);

    await user.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Processor confirmed, ticket 4412');
    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    expect(
      await within(dialog).findByText(
        'The event still could not be applied (the database refused the write (payment_intents)). It stays failed.',
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Webhook #41: Replayed: the event is applied.')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, options]) => options?.method === 'POST');
    expect(posts.map(([url]) => url)).toEqual(['/api/admin/money/webhooks/41/replay', '/api/admin/money/webhooks/41/replay']);
    expect(JSON.parse(posts[1]![1]!.body as string)).toEqual({ reason: 'Processor confirmed, ticket 4412' });
    expect(await screen.findByText('No webhook is waiting for a replay.')).toBeInTheDocument();
  });
});
