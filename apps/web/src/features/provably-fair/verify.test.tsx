import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyFields, fieldsFromFragment } from './fragment';
import { verifyFields } from './verify';
import { VerifyForm } from './verify-form';

/**
 * The /provably-fair verifier against known vectors. The expected values were computed apart from
 * this code base: HMAC-SHA256 and the rejection draw written again from the decision record
 * (docs/decisions/070-provably-fair.md) in Python's hmac and struct modules.
 */
const serverSeed = 'aa'.repeat(32);
const serverSeedHash = 'e0e77a507412b120f6ede61f62295b1a7b2ff19d3dcc8f7253e51663470c888e';

describe('the round verifier', () => {
  it('draws a slot round: the reel stops, the grid and the win multiplier of the vector', async () => {
    const answer = await verifyFields({ ...emptyFields, game: 'lucky-clover-meadow', serverSeed, clientSeed: 'hello', nonce: '0' });
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.round.serverSeedHash).toBe(serverSeedHash);
    expect(answer.round.outcome.kind).toBe('slot');
    if (answer.round.outcome.kind !== 'slot') return;
    expect(answer.round.outcome.stops).toEqual([20, 13, 11, 7, 24]);
    expect(answer.round.outcome.grid).toEqual([
      ['l1', 'l1', 'h1', 'l2', 'l2'],
      ['wild', 'wild', 'h3', 'l3', 'l3'],
      ['l2', 'l2', 'l1', 'l3', 'h2'],
    ]);
    expect(answer.round.multiplier).toBeCloseTo(1.9, 10);
    expect(answer.hashMatches).toBeNull();
  });

  it('draws scratch cards: a losing card and a winning one of the vectors', async () => {
    const lost = await verifyFields({
      ...emptyFields,
      game: 'pot-of-gold-scratch',
      serverSeed,
      clientSeed: 'hello',
      nonce: '3',
      bet: '1.00',
    });
    if (!lost.ok || lost.round.outcome.kind !== 'scratch') throw new Error('not a scratch round');
    expect(lost.round.outcome.cells).toEqual(['p6', 'p6', 'p5', 'p5', 'p2', 'p4', 'p3', 'p1', 'p1']);
    expect(lost.round.outcome.winningSymbol).toBeNull();
    expect(lost.round.multiplier).toBe(0);

    const won = await verifyFields({
      ...emptyFields,
      game: 'pot-of-gold-scratch',
      serverSeed,
      clientSeed: 'hello',
      nonce: '0',
      bet: '0.50',
    });
    if (!won.ok || won.round.outcome.kind !== 'scratch') throw new Error('not a scratch round');
    expect(won.round.outcome.cells).toEqual(['p1', 'p3', 'p5', 'p3', 'p3', 'p1', 'p6', 'p2', 'p2']);
    expect(won.round.outcome.winningSymbol).toBe('p3');
    expect(won.round.outcome.winningCells).toEqual([1, 3, 4]);
    expect(won.round.multiplier).toBe(10);
    expect(won.round.outcome.totalWin).toBe(500);
  });

  it('says whether the seed is the one whose hash was shown', async () => {
    const good = await verifyFields({ ...emptyFields, game: 'lucky-clover-meadow', serverSeed, clientSeed: 'hello', hash: serverSeedHash });
    expect(good.ok && good.hashMatches).toBe(true);
    const other = await verifyFields({
      ...emptyFields,
      game: 'lucky-clover-meadow',
      serverSeed,
      clientSeed: 'hello',
      hash: '0'.repeat(64),
    });
    expect(other.ok && other.hashMatches).toBe(false);
  });

  it.each([
    [{ serverSeed: 'xyz' }, 'The server seed is 64 hex digits (0-9, a-f).'],
    [{ nonce: '-1' }, 'The nonce is a whole number from 0.'],
    [{ game: 'no-such-game' }, "No game is called 'no-such-game'."],
    [{ bet: '0.15' }, "0.15 is not one of this game's bets."],
  ])('explains what to fix: %o', async (change, message) => {
    const answer = await verifyFields({ ...emptyFields, game: 'lucky-clover-meadow', serverSeed, clientSeed: 'hello', ...change });
    expect(answer).toEqual({ ok: false, message });
  });

  it('reads a round link’s fragment', () => {
    expect(
      fieldsFromFragment(`#game=jade-dragon&clientSeed=a%3Ab&nonce=12&serverSeed=${serverSeed}&hash=${serverSeedHash}&bet=0.20`),
    ).toEqual({
      game: 'jade-dragon',
      clientSeed: 'a:b',
      nonce: '12',
      serverSeed,
      hash: serverSeedHash,
      bet: '0.20',
    });
  });

  it('shows the grid and the multiplier of a link’s round at once, and another round when the form changes', async () => {
    render(
      <VerifyForm
        initial={{ ...emptyFields, game: 'lucky-clover-meadow', serverSeed, clientSeed: 'hello', nonce: '0', hash: serverSeedHash }}
      />,
    );
    const round = await screen.findByTestId('verified-round');
    expect(within(round).getByTestId('win-multiplier')).toHaveTextContent('1.9×');
    // Line 1 (the middle row: Wild, Wild, High 3) and line 4 (Low 1, Wild, Low 1) win.
    expect(
      within(round)
        .getAllByTestId('grid-cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Low 1 (winning)',
      'Low 1',
      'High 1',
      'Low 2',
      'Low 2',
      'Wild (winning)',
      'Wild (winning)',
      'High 3 (winning)',
      'Low 3',
      'Low 3',
      'Low 2',
      'Low 2',
      'Low 1 (winning)',
      'Low 3',
      'High 2',
    ]);
    expect(screen.getByText(/is the hash you were shown/)).toHaveAttribute('role', 'status');

    await userEvent.selectOptions(screen.getByLabelText('Game'), 'pot-of-gold-scratch');
    await userEvent.clear(screen.getByLabelText('Hash you were shown (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify round' }));
    const card = await screen.findAllByTestId('card-cell');
    expect(card.map((cell) => cell.textContent)).toEqual([
      'Prize 1',
      'Prize 3 (winning)',
      'Prize 5',
      'Prize 3 (winning)',
      'Prize 3 (winning)',
      'Prize 1',
      'Prize 6',
      'Prize 2',
      'Prize 2',
    ]);
    expect(screen.getByTestId('win-multiplier')).toHaveTextContent('10×');
  });
});
