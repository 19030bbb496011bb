import type { ScratchGameInfo } from '@casino/contracts/rgs';
import { describe, expect, it } from 'vitest';
import { createHud } from './hud';

const game: ScratchGameInfo = {
  kind: 'scratch',
  masterCasinoGameId: 1,
  identifier: 'lucky-clover-scratch',
  name: 'Lucky Clover Scratch',
  tagline: 'Match three charms.',
  palette: { from: '#1b5e20', to: '#81c784', accent: '#fff176', text: '#ffffff' },
  volatility: 'low',
  rtp: 0.95,
  betSteps: [0.1, 0.2, 0.5, 1, 2, 5, 10],
  defaultBet: 1,
  symbols: {},
  prizes: [],
};

function button(root: HTMLElement, name: string): HTMLButtonElement {
  const found = root.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
  if (!found) throw new Error(`no ${name} button`);
  return found;
}

function betText(root: HTMLElement): string | null {
  return root.querySelector('output.bet-value')?.textContent ?? null;
}

describe('the bet selector', () => {
  it('never offers a bet above the balance', () => {
    const root = document.createElement('div');
    const hud = createHud(root, game, 'SC', 2.5);
    const raise = button(root, 'Raise bet');
    while (raise.getAttribute('aria-disabled') !== 'true') raise.click();
    expect(betText(root)).toBe('2.00');
    expect(hud.bet).toBe(2);
  });

  it('lowers the bet in play when the balance falls, and returns to the chosen bet when it grows again', () => {
    const root = document.createElement('div');
    const hud = createHud(root, game, 'SC', 20);
    const raise = button(root, 'Raise bet');
    while (raise.getAttribute('aria-disabled') !== 'true') raise.click();
    expect(hud.bet).toBe(10);
    hud.setBalance(0.7);
    expect(hud.bet).toBe(0.5);
    expect(betText(root)).toBe('0.50');
    expect(raise.getAttribute('aria-disabled')).toBe('true');
    hud.setBalance(30);
    expect(hud.bet).toBe(10);
    expect(betText(root)).toBe('10.00');
  });

  it('says how to go on when the balance is below the smallest bet', () => {
    const root = document.createElement('div');
    const hud = createHud(root, game, 'SC', 0.05);
    expect(hud.affordable).toBe(false);
    expect(hud.bet).toBe(0.1);
    expect(hud.lowBalanceText).toBe('Your balance is below the smallest bet (0.10). Use Get Coins in the lobby to play on.');
    hud.setBalance(0.1);
    expect(hud.affordable).toBe(true);
  });
});

describe('what screen readers hear', () => {
  it('announces a round’s result with the balance after it', () => {
    const root = document.createElement('div');
    const hud = createHud(root, game, 'SC', 2.5);
    hud.setBalance(2.4);
    hud.announceRound('No win this time. Spin again!');
    const status = root.querySelector('[role="status"].game-message');
    expect(status?.getAttribute('aria-live')).toBe('polite');
    expect(status?.textContent).toBe('No win this time. Spin again! Balance: 2.40 Sweeps Coins.');
    hud.setBalance(3.4);
    hud.announceRound('WIN 1.00!', 'win');
    expect(status?.textContent).toBe('WIN 1.00! Balance: 3.40 Sweeps Coins.');
  });

  it('keeps the main button focusable while a round plays, so a keyboard player stays on it', () => {
    const root = document.createElement('div');
    document.body.append(root);
    const hud = createHud(root, game, 'GC', 20);
    hud.setPrimaryLabel('Spin');
    let pressed = 0;
    hud.onPrimary(() => (pressed += 1));
    const primary = root.querySelector<HTMLButtonElement>('button.primary')!;
    primary.focus();
    hud.setBusy(true);
    expect(primary.disabled).toBe(false);
    expect(primary.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(primary);
    primary.click();
    expect(pressed).toBe(0);
    hud.setBusy(false);
    expect(primary.getAttribute('aria-disabled')).toBe('false');
    primary.click();
    expect(pressed).toBe(1);
    root.remove();
  });
});
