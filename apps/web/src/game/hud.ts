import type { GameInfo } from '@casino/contracts/rgs';
import { formatAmount } from '../lib/format';
import { h } from './dom';

/**
 * The frame every title shares: its name, the launch coin's balance, the stage where the reels or
 * the card live, the bet chooser (the title's bet steps), the main button, a message line that
 * screen readers announce, and the paytable. Space or Enter anywhere presses the main button.
 * A round's result is announced with the balance after it, so a player who cannot see the reels
 * hears what they won (or that they did not) and where they stand.
 */
export type Tone = 'info' | 'win' | 'error';

export interface Hud {
  stage: HTMLElement;
  readonly bet: number;
  /** Whether the balance covers the smallest bet. */
  readonly affordable: boolean;
  /** What the player reads when the balance is below the smallest bet. */
  readonly lowBalanceText: string;
  setBalance(balance: number): void;
  setMessage(text: string, tone?: Tone): void;
  /** The round's result on the message line; screen readers also hear the balance after it. */
  announceRound(text: string, tone?: Tone): void;
  setBusy(busy: boolean): void;
  setPrimaryLabel(label: string): void;
  onPrimary(handler: () => void): void;
  setPaytable(content: HTMLElement): void;
}

const coinNames = { GC: 'Gold Coins', SC: 'Sweeps Coins' } as const;

export function createHud(
  root: HTMLElement,
  game: GameInfo,
  coin: 'GC' | 'SC',
  balance: number,
  /** More of the header's buttons and their dialogs (the provably fair panel). */
  extra: { button: HTMLButtonElement; dialog: HTMLDialogElement } | null = null,
): Hud {
  const { palette } = game;
  root.style.setProperty('--from', palette.from);
  root.style.setProperty('--to', palette.to);
  root.style.setProperty('--accent', palette.accent);
  root.style.setProperty('--text', palette.text);

  let betIndex = Math.max(0, game.betSteps.indexOf(game.defaultBet));
  let currentBalance = balance;
  let busy = false;
  const minimumBet = game.betSteps[0] ?? game.defaultBet;
  const lowBalanceText = `Your balance is below the smallest bet (${formatAmount(minimumBet)}). Use Get Coins in the lobby to play on.`;
  /** The highest bet step the balance covers (0 when even the smallest is too much). */
  const topIndex = () => {
    let top = 0;
    game.betSteps.forEach((step, index) => {
      if (step <= currentBalance) top = index;
    });
    return top;
  };
  /** The bet in play: the chosen step, lowered to the highest one the balance covers. */
  const effectiveIndex = () => Math.min(betIndex, topIndex());
  let primary: () => void = () => undefined;

  const balanceOutput = h('output', { className: 'balance-value', 'aria-label': `${coinNames[coin]} balance` }, formatAmount(balance));
  const betOutput = h('output', { className: 'bet-value', 'aria-live': 'polite', 'aria-label': 'Bet' });
  const message = h('p', { className: 'game-message', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const stage = h('section', { className: 'game-stage', 'aria-label': game.name });
  const less = h('button', { type: 'button', className: 'bet-step', 'aria-label': 'Lower bet', text: '−' });
  const more = h('button', { type: 'button', className: 'bet-step', 'aria-label': 'Raise bet', text: '+' });
  const primaryButton = h('button', { type: 'button', className: 'primary' });
  const paytableBody = h('div', { className: 'paytable-body' });
  const paytable = h(
    'dialog',
    { className: 'paytable', 'aria-label': 'Paytable' },
    h(
      'div',
      { className: 'paytable-head' },
      h('h2', { text: `${game.name} paytable` }),
      h('button', { type: 'button', className: 'close', 'aria-label': 'Close paytable', text: '×', onclick: () => paytable.close() }),
    ),
    paytableBody,
    h('p', {
      className: 'rtp',
      text: `Return to player: ${(game.rtp * 100).toFixed(2)}% · outcomes drawn on the server, provably fair: each round from your seeds, which you can check`,
    }),
    h('p', { className: 'rtp', text: 'Symbol art: Twemoji by Twitter, Inc. and contributors (CC-BY 4.0) and Lucky Crown.' }),
  );
  // A click on the backdrop closes the dialog.
  paytable.addEventListener('click', (event) => {
    if (event.target === paytable) paytable.close();
  });

  function renderBet() {
    betOutput.textContent = formatAmount(game.betSteps[effectiveIndex()] ?? game.defaultBet);
    // Unavailable rather than disabled at either end of the range: a disabled button loses the
    // focus, and a keyboard player pressing Lower bet to the smallest bet would be sent back to
    // the top of the page.
    less.setAttribute('aria-disabled', String(busy || effectiveIndex() === 0));
    more.setAttribute('aria-disabled', String(busy || effectiveIndex() >= topIndex()));
  }
  const unavailable = (button: HTMLButtonElement) => button.getAttribute('aria-disabled') === 'true';
  less.addEventListener('click', () => {
    if (unavailable(less)) return;
    betIndex = Math.max(0, effectiveIndex() - 1);
    renderBet();
  });
  more.addEventListener('click', () => {
    if (unavailable(more)) return;
    betIndex = Math.min(topIndex(), effectiveIndex() + 1);
    renderBet();
  });
  // While a round plays the main button is marked unavailable rather than disabled: a disabled
  // button loses the focus, and a keyboard player would have to find it again for every round.
  primaryButton.addEventListener('click', () => {
    if (!busy) primary();
  });

  root.replaceChildren(
    h(
      'div',
      { className: `game-shell kind-${game.kind}` },
      h(
        'header',
        { className: 'game-top' },
        h('h1', { className: 'game-title', text: game.name }),
        h(
          'div',
          { className: `balance coin-${coin}`, title: coinNames[coin] },
          h('span', { className: 'coin-badge', text: coin }),
          balanceOutput,
        ),
        h('button', {
          type: 'button',
          className: 'info',
          'aria-label': 'Paytable',
          title: 'Paytable',
          text: 'i',
          onclick: () => paytable.showModal(),
        }),
        extra?.button,
      ),
      stage,
      message,
      h(
        'footer',
        { className: 'game-controls' },
        h(
          'div',
          { className: 'bet', role: 'group', 'aria-label': 'Bet' },
          h('span', { className: 'bet-label', text: 'Bet' }),
          less,
          betOutput,
          more,
        ),
        primaryButton,
      ),
      paytable,
      extra?.dialog,
    ),
  );
  root.removeAttribute('aria-busy');
  renderBet();

  document.addEventListener('keydown', (event) => {
    if (paytable.open || extra?.dialog.open) return;
    const target = event.target as HTMLElement | null;
    // Keys on a focused control do that control's job (a focused bet button raises the bet).
    if (target && target !== document.body && target.closest('button, input, select, a, dialog')) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (!busy) primary();
    } else if ((event.key === '+' || event.key === 'ArrowUp') && !busy) {
      more.click();
    } else if ((event.key === '-' || event.key === 'ArrowDown') && !busy) {
      less.click();
    }
  });

  return {
    stage,
    get bet() {
      return game.betSteps[effectiveIndex()] ?? game.defaultBet;
    },
    get affordable() {
      return currentBalance >= minimumBet;
    },
    lowBalanceText,
    setBalance(value) {
      balanceOutput.textContent = formatAmount(value);
      currentBalance = value;
      renderBet();
    },
    setMessage(text, tone = 'info') {
      message.textContent = text;
      message.dataset.tone = tone;
    },
    announceRound(text, tone = 'info') {
      message.replaceChildren(
        text,
        h('span', { className: 'sr-only', text: ` Balance: ${formatAmount(currentBalance)} ${coinNames[coin]}.` }),
      );
      message.dataset.tone = tone;
    },
    setBusy(value) {
      busy = value;
      primaryButton.setAttribute('aria-disabled', String(value));
      primaryButton.setAttribute('aria-busy', String(value));
      renderBet();
    },
    setPrimaryLabel(label) {
      primaryButton.textContent = label;
    },
    onPrimary(handler) {
      primary = handler;
    },
    setPaytable(content) {
      paytableBody.replaceChildren(content);
    },
  };
}
