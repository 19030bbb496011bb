import type { OperatorRole } from '@casino/contracts/admin';
import type { PurchaseQueueRow } from '@casino/contracts/admin-money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderAdminPage } from '../../../test/admin-page';
import PurchasesPage from './purchases-page';

const paid: PurchaseQueueRow = {
  purchaseId: 900,
  merchantRefNum: 'LC-abc',
  userId: 52,
  username: 'adaalt',
  packageId: 1,
  amount: 1.99,
  gc: 10_000,
  sc: 2,
  status: 1,
  provider: 'FINIX',
  paymentMethod: 'CARD',
  processorTransferId: 'TRabc',
  creditedTransferId: 77,
  failureMessage: null,
  createdAt: '2026-12-02T10:15:30.000Z',
  events: [],
  alerts: [],
  reversalKind: null,
};

afterEach(() => vi.unstubAllGlobals());

const renderAs = (roles: OperatorRole[], answer: (url: string, init?: RequestInit) => Response) =>
  renderAdminPage(PurchasesPage, roles, answer);

describe('the purchases desk: refunds and chargebacks', () => {
  it('records a paid purchase as charged back with a reason, showing a refusal in the dialog, then the result', async () => {
    let posts = 0;
    const fetchMock = renderAs(['payments'], (_url, init) => {
      if (init?.method === 'POST') {
        posts += 1;
        if (posts === 1)
          return json(
            {
              errors: [
                { errorCode: 3861, name: 'PurchaseNotReversible', description: 'Only a paid purchase can be refunded or charged back.' },
              ],
            },
            409,
          );
        return json({
          data: {
            purchaseId: 900,
            status: 10,
            kind: 'chargeback',
            replayed: false,
            takenBack: { gc: 10_000, sc: 2 },
            notTakenBack: { gc: 0, sc: 0 },
          },
          message: 'Purchase reversed: its coins are taken back.',
        });
      }
      return json({ data: { rows: [paid], count: 1 } });
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('link', { name: 'adaalt' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Record purchase 900 as charged back' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Bank chargeback notice 4471');
    await user.click(within(dialog).getByRole('button', { name: 'Record the chargeback' }));
    expect(await within(dialog).findByText('Only a paid purchase can be refunded or charged back.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Record the chargeback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Purchase #900: Purchase reversed: its coins are taken back.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.filter(([, options]) => options?.method === 'POST').at(-1)!;
    expect(url).toBe('/api/admin/purchases/900/reversal');
    expect(JSON.parse(init!.body as string)).toEqual({ kind: 'chargeback', reason: 'Bank chargeback notice 4471' });
  });

  it('shows a reversed purchase as such, and no reversal to a role that only reads', async () => {
    renderAs(['compliance'], () =>
      json({
        data: {
          rows: [
            { ...paid, status: 10, reversalKind: 'refund' },
            { ...paid, purchaseId: 901 },
          ],
          count: 2,
        },
      }),
    );
    const rows = (await screen.findAllByRole('link', { name: 'adaalt' })).map((link) => link.closest('tr')!);
    expect(within(rows[0]!).getByText('refunded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record purchase/ })).not.toBeInTheDocument();
  });
});
