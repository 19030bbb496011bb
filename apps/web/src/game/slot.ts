import type { RoundResult, SlotGameInfo } from '@casino/contracts/rgs';
import { formatAmount } from '../lib/format';
import { h, prefersReducedMotion, wait } from './dom';
import type { Hud } from './hud';
import { playRound, newRequestId } from './api';
import { explainError } from './errors';
import { roundRevealed, roundStarted } from './lobby';
import { symbolIcon } from './symbols';

/**
 * A 5-reel slot. The reels are the title's real strips: a spin scrolls each strip and stops on
 * exactly the stop the server drew, so the window shows the server's grid and nothing else.
 * Wins are highlighted line by line with the amounts the server paid.
 */
type SlotOutcome = Extract<RoundResult['outcome'], { kind: 'slot' }>;

const ROWS = 3;
const SVG_NS = 'http://www.w3.org/2000/svg';

export function startSlot(hud: Hud, game: SlotGameInfo): void {
  const reelCount = game.reels.length;
  // Where each reel rests before the first spin: a varied but fixed picture.
  let stops = game.reels.map((strip, reel) => (reel * 7) % strip.length);
  let cycle: ReturnType<typeof setInterval> | undefined;

  const columns = game.reels.map(() => h('div', { className: 'strip' }));
  const reels = columns.map((column, reel) => h('div', { className: 'reel', role: 'group', 'aria-label': `Reel ${reel + 1}` }, column));
  const lines = document.createElementNS(SVG_NS, 'svg');
  lines.setAttribute('class', 'paylines');
  lines.setAttribute('viewBox', `0 0 ${reelCount * 100} ${ROWS * 100}`);
  lines.setAttribute('preserveAspectRatio', 'none');
  lines.setAttribute('aria-hidden', 'true');
  const grid = h('div', { className: 'reels', style: `--reels:${reelCount}` }, ...reels);
  grid.append(lines);
  hud.stage.replaceChildren(h('div', { className: 'cabinet' }, grid));

  function cell(symbol: string | undefined): HTMLElement {
    const art = game.symbols[symbol ?? ''];
    return h(
      'div',
      { className: `cell sym-${symbol ?? 'none'}`, style: `--sym:${art?.color ?? '#888'}` },
      symbolIcon(art ? symbol : undefined),
      h('span', { className: 'sr-only', text: art?.label ?? '' }),
    );
  }

  function windowAt(reel: number, stop: number): (string | undefined)[] {
    const strip = game.reels[reel] ?? [];
    return Array.from({ length: ROWS }, (_, row) => strip[(stop + row) % strip.length]);
  }

  function rest(reel: number, stop: number) {
    const column = columns[reel];
    if (!column) return;
    column.style.transition = 'none';
    column.style.transform = 'none';
    column.style.height = '100%';
    column.replaceChildren(...windowAt(reel, stop).map((symbol) => styledCell(symbol, ROWS)));
  }

  function styledCell(symbol: string | undefined, count: number): HTMLElement {
    const element = cell(symbol);
    element.style.height = `${100 / count}%`;
    return element;
  }

  /**
   * Scrolls the strip downwards from its current window to the drawn stop: the column holds the
   * new window, then the strip continuing below it, then the old window at the bottom, and
   * slides until the new window fills the reel.
   */
  async function land(reel: number, from: number, to: number, landing: (string | undefined)[], duration: number): Promise<void> {
    const column = columns[reel];
    const strip = game.reels[reel] ?? [];
    if (!column) return;
    const travel = 12 + reel * 4;
    // The window it lands on is the server's grid column itself; above it scrolls the real strip.
    const symbols = [
      ...landing,
      ...Array.from({ length: travel }, (_, i) => strip[(to + ROWS + i) % strip.length]),
      ...windowAt(reel, from),
    ];
    const count = symbols.length;
    column.style.transition = 'none';
    column.style.height = `${(count / ROWS) * 100}%`;
    column.replaceChildren(...symbols.map((symbol) => styledCell(symbol, count)));
    column.style.transform = `translateY(-${((ROWS + travel) / count) * 100}%)`;
    column.classList.add('moving');
    void column.offsetHeight;
    column.style.transition = `transform ${duration}ms cubic-bezier(0.2, 0.65, 0.3, 1.06)`;
    column.style.transform = 'translateY(0)';
    await wait(duration + 40);
    column.classList.remove('moving');
    column.style.transition = 'none';
    column.style.transform = 'none';
    column.style.height = '100%';
    column.replaceChildren(...landing.map((symbol) => styledCell(symbol, ROWS)));
  }

  function clearWins() {
    if (cycle) clearInterval(cycle);
    cycle = undefined;
    lines.replaceChildren();
    grid.querySelectorAll('.cell.hit').forEach((element) => element.classList.remove('hit'));
  }

  function mark(positions: { reel: number; row: number }[]) {
    grid.querySelectorAll('.cell.hit').forEach((element) => element.classList.remove('hit'));
    for (const { reel, row } of positions) columns[reel]?.children[row]?.classList.add('hit');
  }

  function drawLine(line: number) {
    const payline = game.paylines[line] ?? [];
    const polyline = document.createElementNS(SVG_NS, 'polyline');
    polyline.setAttribute('points', payline.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' '));
    lines.replaceChildren(polyline);
  }

  function showWins(outcome: SlotOutcome, total: number) {
    const wins = [
      ...outcome.lineWins.map((win) => ({
        positions: win.positions,
        line: win.line,
        text: `Line ${win.line + 1}: ${win.count} × ${game.symbols[win.symbol]?.label ?? win.symbol} pays ${formatAmount(win.amount)}`,
      })),
      ...(outcome.scatterWin
        ? [
            {
              positions: outcome.scatterWin.positions,
              line: -1,
              text: `${outcome.scatterWin.count} × ${game.symbols.scatter?.label ?? 'scatter'} pay ${formatAmount(outcome.scatterWin.amount)}`,
            },
          ]
        : []),
    ];
    if (wins.length === 0) {
      if (hud.affordable) hud.announceRound('No win this time. Spin again!');
      else hud.announceRound(`No win this time. ${hud.lowBalanceText}`, 'error');
      return;
    }
    hud.announceRound(`WIN ${formatAmount(total)}! ${wins.map((win) => win.text).join(' · ')}`, 'win');
    let index = 0;
    const show = () => {
      const win = wins[index % wins.length];
      if (!win) return;
      mark(win.positions);
      if (win.line >= 0) drawLine(win.line);
      else lines.replaceChildren();
      index += 1;
    };
    show();
    if (wins.length > 1) cycle = setInterval(show, 1400);
  }

  async function spin() {
    if (!hud.affordable) {
      hud.setMessage(hud.lowBalanceText, 'error');
      return;
    }
    clearWins();
    hud.setBusy(true);
    hud.setMessage('Good luck!');
    grid.classList.add('pressed');
    roundStarted();
    let result: RoundResult;
    try {
      result = await playRound(hud.bet, newRequestId());
    } catch (error) {
      grid.classList.remove('pressed');
      roundRevealed(null);
      hud.setMessage(explainError(error), 'error');
      hud.setBusy(false);
      return;
    }
    grid.classList.remove('pressed');
    if (result.outcome.kind !== 'slot') throw new Error('a slot title answered a non-slot round');
    const outcome = result.outcome;
    // The bet is taken: the balance drops now and the win is added when the reels stop.
    hud.setBalance(result.balanceBefore - result.bet);
    const quick = prefersReducedMotion();
    await Promise.all(
      outcome.stops.map((stop, reel) =>
        land(
          reel,
          stops[reel] ?? 0,
          stop,
          outcome.grid.map((row) => row[reel]),
          quick ? 0 : 650 + reel * 260,
        ),
      ),
    );
    stops = [...outcome.stops];
    hud.setBalance(result.balanceAfter);
    roundRevealed(result);
    showWins(outcome, result.win);
    hud.setBusy(false);
  }

  game.reels.forEach((_, reel) => rest(reel, stops[reel] ?? 0));
  hud.setPrimaryLabel('Spin');
  hud.onPrimary(() => void spin());
  if (hud.affordable) hud.setMessage('Press Spin, Space or Enter to play.');
  else hud.setMessage(hud.lowBalanceText, 'error');
  hud.setPaytable(slotPaytable(game));
}

function slotPaytable(game: SlotGameInfo): HTMLElement {
  const lines = game.paylines.length;
  const rows = Object.entries(game.linePays)
    .filter(([, pays]) => pays.some((pay) => pay > 0))
    .sort(([, a], [, b]) => (b[2] ?? 0) - (a[2] ?? 0))
    .map(([symbol, pays]) => {
      const art = game.symbols[symbol];
      return h(
        'tr',
        {},
        h('th', { scope: 'row' }, symbolIcon(symbol), ` ${art?.label ?? symbol}`),
        ...pays.map((pay) => h('td', { text: `×${pay}` })),
      );
    });
  const scatter = game.scatterPays;
  return h(
    'div',
    {},
    h('p', {
      text: `${lines} lines, always all played. A line pays its best combination from the leftmost reel, as a multiple of the line bet (bet ÷ ${lines}).${game.symbols.wild ? ` ${game.symbols.wild.label} (wild) stands in for any symbol but the scatter.` : ''}`,
    }),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, h('th', { text: 'Symbol' }), h('th', { text: '3' }), h('th', { text: '4' }), h('th', { text: '5' }))),
      h('tbody', {}, ...rows),
    ),
    scatter
      ? h(
          'p',
          {},
          symbolIcon('scatter'),
          ` ${game.symbols.scatter?.label ?? 'Scatter'} anywhere: 3 pay ×${scatter[0]}, 4 pay ×${scatter[1]}, 5 pay ×${scatter[2]} the total bet.`,
        )
      : null,
  );
}
