import type { AdminMailInSettings, MailInCard, MailInLookup } from '@casino/contracts/mail-in';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderAdminPage } from '../../../test/admin-page';
import MailInDeskPage from './mail-in-desk-page';
import MailInSettingsPage from './mail-in-settings-page';

afterEach(() => vi.unstubAllGlobals());

const found: MailInLookup = {
  requestId: 41,
  code: 'K7QMX4TZ9BHP',
  status: 'open',
  refusalReason: null,
  createdAt: '2026-12-07T10:00:00.000Z',
  decidedAt: null,
  player: { userId: 9, username: 'ada1234', name: 'Ada Lovelace', address: '12 Analytical Way, Wilmington, DE 19801' },
};

const credited: MailInCard = {
  cardId: 5,
  codeEntered: 'K7QMX4TZ9BHP',
  requestId: 41,
  userId: 9,
  username: 'ada1234',
  postmarkDate: '2026-12-07',
  identityMatches: true,
  outcome: 'credited',
  refusalReason: null,
  sc: 5,
  transferId: 700,
  operatorEmail: 'ops@test',
  note: 'Card received today',
  createdAt: '2026-12-08T09:00:00.000Z',
};

describe('the Mail-in desk', () => {
  it('looks a typed code up to compare the card, refuses to enter a card without a reason, then enters it and shows the outcome', async () => {
    const posted: unknown[] = [];
    let cards: MailInCard[] = [];
    renderAdminPage(MailInDeskPage, ['support'], (url, init) => {
      if (url.startsWith('/api/admin/mail-in/lookup')) {
        expect(url).toBe('/api/admin/mail-in/lookup?code=k7qm-x4tz-9bhp');
        return json({ data: found });
      }
      if (init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        cards = [credited];
        return json({ data: credited, message: 'Card accepted: 5.00 SC credited to ada1234.' });
      }
      return json({ data: { rows: cards, count: cards.length } });
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No card entered yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code on the card'), 'k7qm-x4tz-9bhp');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const request = await screen.findByLabelText('Request found');
    expect(within(request).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(request).getByText('12 Analytical Way, Wilmington, DE 19801')).toBeInTheDocument();
    expect(within(request).getByRole('link', { name: 'ada1234' })).toHaveAttribute('href', '/admin/players/9');

    await user.click(screen.getByLabelText('The name and address on the card match the account'));
    await user.click(screen.getByRole('button', { name: 'Enter card' }));
    expect(await screen.findByText('Please give a reason (at least 5 characters).')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(screen.getByLabelText('Reason (kept in the audit trail)'), 'Card received today');
    await user.click(screen.getByRole('button', { name: 'Enter card' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Card accepted: 5.00 SC credited to ada1234.');
    expect(posted).toEqual([
      { code: 'k7qm-x4tz-9bhp', postmarkDate: new Date().toISOString().slice(0, 10), identityMatches: true, reason: 'Card received today' },
    ]);
    const row = (await screen.findByRole('link', { name: 'ada1234' })).closest('tr')!;
    expect(within(row).getByText('K7QM-X4TZ-9BHP')).toBeInTheDocument();
    expect(within(row).getByText('Credited 5.00 SC')).toBeInTheDocument();
  });

  it("shows a refused card's reason and a code no request has", async () => {
    const refused: MailInCard = { ...credited, outcome: 'refused', refusalReason: 'code_used', sc: null, transferId: null };
    renderAdminPage(MailInDeskPage, ['compliance'], (url, init) => {
      if (url.startsWith('/api/admin/mail-in/lookup'))
        return json(
          {
            errors: [
              { errorCode: 3001, name: 'NotFound', description: 'No request has this code. Check the card and type the code again.' },
            ],
          },
          404,
        );
      if (init?.method === 'POST') return json({ data: refused, message: 'Card refused: This code was already used by an earlier card.' });
      return json({ data: { rows: [refused], count: 1 } });
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code on the card'), 'ZZZZ');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No request has this code.');
    await user.type(screen.getByLabelText('Reason (kept in the audit trail)'), 'Second card, same code');
    await user.click(screen.getByRole('button', { name: 'Enter card' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Card refused: This code was already used by an earlier card.');
    expect(screen.getAllByText('This code was already used by an earlier card.').length).toBeGreaterThan(0);
  });
});

describe('the mail-in settings', () => {
  const settings: AdminMailInSettings = {
    scAmount: 5,
    capCount: 1,
    capPeriod: 'day',
    postmarkDays: 30,
    postalAddress: 'Lucky Crown\nPO Box 4410\nWilmington, DE 19807',
    cardFormat: 'One handwritten postcard with your code.',
    rulesText: 'No purchase is necessary to enter or win.',
    version: 3,
  };

  it('lets compliance change them on the version shown, and shows a stale-version refusal in words', async () => {
    const bodies: unknown[] = [];
    renderAdminPage(MailInSettingsPage, ['compliance'], (_url, init) => {
      if (init?.method === 'PUT') {
        bodies.push(JSON.parse(init.body as string));
        return json(
          {
            errors: [
              { errorCode: 3851, name: 'ContentVersionStale', description: 'Someone changed the mail-in settings in the meantime.' },
            ],
          },
          409,
        );
      }
      return json({ data: settings });
    });
    const user = userEvent.setup();
    const amount = await screen.findByLabelText('SC per valid card');
    await user.clear(amount);
    await user.type(amount, '7.5');
    await user.type(screen.getByLabelText('Reason (kept in the audit trail)'), 'Amount review');
    await user.click(screen.getByRole('button', { name: 'Save mail-in settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone changed the mail-in settings in the meantime.');
    expect(bodies).toEqual([
      expect.objectContaining({ scAmount: 7.5, capCount: 1, capPeriod: 'day', version: 3, reason: 'Amount review' }),
    ]);
  });

  it('shows support the settings without a way to change them', async () => {
    renderAdminPage(MailInSettingsPage, ['support'], () => json({ data: settings }));
    expect(await screen.findByLabelText('SC per valid card')).toBeDisabled();
    expect(await screen.findByText('Only the compliance or admin role can change these settings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save mail-in settings' })).not.toBeInTheDocument();
  });
});
