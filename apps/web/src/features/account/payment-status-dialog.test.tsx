import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentStatusDialog } from './payment-status-dialog';

function answer(status: number, body: unknown) {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requested;
}

function renderDialog(checkId: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PaymentStatusDialog checkId={checkId} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the profile page's Payment Status modal", () => {
  it('asks the server about the check_id payment and shows the seed texts when it went through', async () => {
    const requested = answer(200, {
      data: { merchantRefNum: 'ref-1', status: 1, message: 'ok', amount: 9.99, gcCoin: 10_000, scCoin: 10 },
    });
    renderDialog('ref-1');
    expect(screen.getByRole('dialog', { name: 'Payment Status' })).toBeInTheDocument();
    expect(await screen.findByText('Your payment has been processed')).toBeInTheDocument();
    expect(screen.getByText('The amount will reflect in your wallet in 2-5 minutes.')).toBeInTheDocument();
    expect(requested[0]).toContain('/api/v1/payment/status?providerType=FINIX&paymentReference=ref-1');
  });

  it("shows a failed payment's own message instead", async () => {
    const failed = 'Your Payment has been failed, if any amount got deducted, will be refunded in 2-3 business days';
    answer(200, { data: { merchantRefNum: 'ref-2', status: 3, message: failed, amount: 9.99, gcCoin: 0, scCoin: 0 } });
    renderDialog('ref-2');
    expect(await screen.findByText(failed)).toBeInTheDocument();
    expect(screen.queryByText('Your payment has been processed')).not.toBeInTheDocument();
  });

  it("shows the server's refusal for an unknown payment (or another player's)", async () => {
    answer(404, { errors: [{ errorCode: 3602, name: 'PaymentNotFound', description: 'This payment was not found.' }] });
    renderDialog('someone-elses');
    expect(await screen.findByText('This payment was not found.')).toBeInTheDocument();
  });
});
