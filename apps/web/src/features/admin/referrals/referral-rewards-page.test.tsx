import type { OperatorRole } from '@casino/contracts/admin';
import type { ReferralRewardRow } from '@casino/contracts/admin-referrals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderAdminPage } from '../../../test/admin-page';
import ReferralRewardsPage from './referral-rewards-page';

const held: ReferralRewardRow = {
  referredUserId: 52,
  referredUsername: 'adaalt',
  referrerUserId: 51,
  referrerUsername: 'ada',
  status: 'held',
  holdReasons: ['same_email', 'same_device'],
  gc: 20_000,
  sc: 10,
  purchaseId: 900,
  joinedAt: '2026-12-01T09:00:00.000Z',
  statusAt: '2026-12-02T10:15:30.000Z',
  decidedBy: null,
  decisionReason: null,
  reversalKind: null,
  takenBack: null,
  notTakenBack: null,
};
const second: ReferralRewardRow = { ...held, referredUserId: 53, referredUsername: 'bobby', holdReasons: ['daily_cap'] };

afterEach(() => vi.unstubAllGlobals());

const renderAs = (roles: OperatorRole[], answer: (url: string, init?: RequestInit) => Response) =>
  renderAdminPage(ReferralRewardsPage, roles, answer);

describe('the referral rewards desk', () => {
  it('lists held rewards with why they are held; approve asks why, shows a refusal in the dialog, then the result', async () => {
    let approvals = 0;
    const fetchMock = renderAs(['payments'], (url, init) => {
      if (init?.method === 'POST') {
        approvals += 1;
        if (approvals === 1)
          return json(
            {
              errors: [
                {
                  errorCode: 3860,
                  name: 'ReferralRewardAlreadyDecided',
                  description: 'This referral reward is no longer waiting for review: it was approved, rejected or taken back meanwhile.',
                },
              ],
            },
            409,
          );
        return json({ data: { referredUserId: 52, status: 'paid', replayed: false }, message: 'Reward approved: the referrer is paid.' });
      }
      expect(url).toBe('/api/admin/referral-rewards?status=held&limit=25');
      return json({ data: { rows: [held], nextCursor: null } });
    });
    const user = userEvent.setup();

    const row = (await screen.findByRole('link', { name: 'adaalt' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'ada' })).toHaveAttribute('href', '/admin/players/51');
    expect(within(row).getByText('Same mailbox as the referrer')).toBeInTheDocument();
    expect(within(row).getByText("Signed up from the referrer's address and browser")).toBeInTheDocument();
    expect(within(row).getByText('20,000.00 GC + 10.00 SC')).toBeInTheDocument();
    expect(within(row).getByText('#900')).toBeInTheDocument();
    expect(within(row).getByText('12/02/2026 10:15:30 AM UTC')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Approve the reward for adaalt' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('ada is paid 20,000.00 GC + 10.00 SC now.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect(await within(dialog).findByText('Please give a reason (at least 5 characters).')).toBeInTheDocument();
    expect(approvals).toBe(0);

    await user.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Spouses, checked on the phone');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect(
      await within(dialog).findByText(
        'This referral reward is no longer waiting for review: it was approved, rejected or taken back meanwhile.',
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Reward approved: the referrer is paid.')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, options]) => options?.method === 'POST');
    expect(posts.map(([url]) => url)).toEqual(['/api/admin/referral-rewards/52/approve', '/api/admin/referral-rewards/52/approve']);
    expect(JSON.parse(posts[1]![1]!.body as string)).toEqual({ reason: 'Spouses, checked on the phone' });
  });

  it('says so on the page when the list cannot be read, and offers no decision to a role that may only read', async () => {
    renderAs(['compliance'], () =>
      json({ errors: [{ errorCode: 3005, name: 'InternalServerError', description: 'Something went wrong. Please try again.' }] }, 500),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('goes to the next page by its cursor and back, and shows a reversed reward with what was already played', async () => {
    const reversed: ReferralRewardRow = {
      ...held,
      referredUserId: 60,
      referredUsername: 'carla',
      status: 'reversed',
      holdReasons: [],
      reversalKind: 'chargeback',
      takenBack: { gc: 5_000, sc: 10 },
      notTakenBack: { gc: 15_000, sc: 0 },
    };
    const fetchMock = renderAs(['compliance'], (url) => {
      if (url.includes('after=CURSOR2')) return json({ data: { rows: [reversed], nextCursor: null } });
      return json({ data: { rows: [second], nextCursor: 'CURSOR2' } });
    });
    const user = userEvent.setup();
    const first = (await screen.findByRole('link', { name: 'bobby' })).closest('tr')!;
    expect(within(first).getByText("Over the referrer's daily number of rewards")).toBeInTheDocument();
    expect(within(first).getByText('waiting for payments')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const row = (await screen.findByRole('link', { name: 'carla' })).closest('tr')!;
    expect(within(row).getByText('charged back')).toBeInTheDocument();
    expect(within(row).getByText('Taken back: 5,000.00 GC + 10.00 SC')).toBeInTheDocument();
    expect(within(row).getByText('Already played: 15,000.00 GC + 0.00 SC')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/referral-rewards?status=held&limit=25&after=CURSOR2');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'bobby' })).toBeInTheDocument();
  });
});
