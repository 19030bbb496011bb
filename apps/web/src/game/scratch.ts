import type { RoundResult, ScratchGameInfo } from '@casino/contracts/rgs';
import { formatAmount } from '../lib/format';
import { newRequestId, playRound } from './api';
import { h, prefersReducedMotion } from './dom';
import { explainError } from './errors';
import type { Hud } from './hud';
import { roundRevealed, roundStarted } from './lobby';
import { symbolIcon } from './symbols';

/**
 * A scratch card. Buying a card plays the round on the server at once (the bet is taken, the card
 * is decided); the nine cells under the foil are the server's cells, and scratching only reveals
 * them. Scratch with a mouse or a finger; Reveal all (Space or Enter) does the
 * rest. Three matching symbols win their multiple of the bet.
 */
type ScratchOutcome = Extract<RoundResult['outcome'], { kind: 'scratch' }>;

const CELLS = 9;
/** Sample points per cell side: a cell counts as revealed when most of its points are scratched. */
const SAMPLES = 5;
const REVEALED_SHARE = 0.55;

export function startScratch(hud: Hud, game: ScratchGameInfo): void {
  const cellElements = Array.from({ length: CELLS }, (_, index) =>
    h('div', { className: 'scratch-cell', role: 'img', 'aria-label': `Cell ${index + 1}: covered` }),
  );
  const canvas = h('canvas', { className: 'foil', 'aria-hidden': 'true' });
  // The face holds the cells and the foil over them; the card is its frame.
  const face = h('div', { className: 'card-face' }, h('div', { className: 'scratch-grid' }, ...cellElements), canvas);
  const card = h('div', { className: 'card' }, face);
  const prizeStrip = h(
    'ul',
    { className: 'prize-strip', 'aria-label': 'Prizes: match three' },
    ...[...game.prizes]
      .sort((a, b) => b.multiplier - a.multiplier)
      .map((prize) => h('li', {}, symbolIcon(prize.symbol), h('span', { text: `×${prize.multiplier}` }))),
  );
  hud.stage.replaceChildren(h('div', { className: 'scratch-table' }, card, prizeStrip));

  const context = canvas.getContext('2d');
  let round: RoundResult | null = null;
  /** Scratched sample points, per cell. */
  let scratched: Set<number>[] = cellElements.map(() => new Set());
  /** Strokes in card-relative units (0..1), replayed when the card is resized. */
  let strokes: [number, number][] = [];
  let scratching = false;

  function drawFoil() {
    const { width, height } = face.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(width * ratio));
    canvas.height = Math.max(1, Math.round(height * ratio));
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.globalCompositeOperation = 'source-over';
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, '#cfd3dc');
    gradient.addColorStop(0.45, '#9aa1b1');
    gradient.addColorStop(0.55, '#e9ecf2');
    gradient.addColorStop(1, '#8b92a3');
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
    context.fillStyle = 'rgba(40, 40, 60, 0.18)';
    for (let x = 0; x < width; x += 14) {
      for (let y = (x / 14) % 2 === 0 ? 0 : 7; y < height; y += 14) context.fillRect(x, y, 3, 3);
    }
    context.fillStyle = 'rgba(30, 30, 50, 0.55)';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    const label = round ? 'SCRATCH HERE' : game.name.toUpperCase();
    // The largest size at which the label fits the foil with a margin.
    let size = Math.round(Math.min(width, height) / 9);
    do {
      context.font = `900 ${size}px 'Trebuchet MS', system-ui, sans-serif`;
      size -= 1;
    } while (size > 8 && context.measureText(label).width > width * 0.86);
    context.fillText(label, width / 2, height / 2);
    for (const [x, y] of strokes) erase(x * width, y * height, false);
  }

  function radius(): number {
    const { width } = face.getBoundingClientRect();
    return Math.max(16, width / 11);
  }

  function erase(x: number, y: number, record = true) {
    if (!context) return;
    const { width, height } = face.getBoundingClientRect();
    context.globalCompositeOperation = 'destination-out';
    context.beginPath();
    context.arc(x, y, radius(), 0, Math.PI * 2);
    context.fill();
    if (!record) return;
    strokes.push([x / width, y / height]);
    // Mark the sample points under the brush.
    const r = radius();
    for (let cell = 0; cell < CELLS; cell += 1) {
      const column = cell % 3;
      const row = Math.floor(cell / 3);
      for (let i = 0; i < SAMPLES * SAMPLES; i += 1) {
        const px = ((column + ((i % SAMPLES) + 0.5) / SAMPLES) / 3) * width;
        const py = ((row + (Math.floor(i / SAMPLES) + 0.5) / SAMPLES) / 3) * height;
        if ((px - x) ** 2 + (py - y) ** 2 <= r * r) scratched[cell]?.add(i);
      }
    }
    cellElements.forEach((element, cell) => {
      if ((scratched[cell]?.size ?? 0) / (SAMPLES * SAMPLES) >= REVEALED_SHARE) showCell(cell);
    });
    if (cellElements.every((element) => element.dataset.shown === 'true')) finish();
  }

  function showCell(cell: number) {
    const element = cellElements[cell];
    const symbol = round?.outcome.kind === 'scratch' ? round.outcome.cells[cell] : undefined;
    if (!element || !symbol || element.dataset.shown === 'true') return;
    element.dataset.shown = 'true';
    element.setAttribute('aria-label', `Cell ${cell + 1}: ${game.symbols[symbol]?.label ?? symbol}`);
  }

  function pointAt(event: PointerEvent): [number, number] {
    const rect = face.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  canvas.addEventListener('pointerdown', (event) => {
    if (!round || card.classList.contains('revealed')) return;
    scratching = true;
    canvas.setPointerCapture(event.pointerId);
    erase(...pointAt(event));
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!scratching || !round) return;
    // Coalesced events keep a fast finger's stroke continuous.
    const events = event.getCoalescedEvents?.() ?? [event];
    for (const each of events.length > 0 ? events : [event]) erase(...pointAt(each));
  });
  const stop = () => {
    scratching = false;
  };
  canvas.addEventListener('pointerup', stop);
  canvas.addEventListener('pointercancel', stop);
  new ResizeObserver(() => drawFoil()).observe(face);

  function finish() {
    if (!round || round.outcome.kind !== 'scratch' || card.classList.contains('revealed')) return;
    const outcome: ScratchOutcome = round.outcome;
    cellElements.forEach((_, cell) => showCell(cell));
    card.classList.add('revealed');
    for (const cell of outcome.winningCells) cellElements[cell]?.classList.add('hit');
    hud.setBalance(round.balanceAfter);
    roundRevealed(round);
    if (outcome.winningSymbol) {
      const label = game.symbols[outcome.winningSymbol]?.label ?? outcome.winningSymbol;
      hud.announceRound(`WIN ${formatAmount(round.win)}! Three × ${label} pay ×${outcome.multiplier}.`, 'win');
    } else if (hud.affordable) {
      hud.announceRound('No match this time. Buy another card!');
    } else {
      hud.announceRound(`No match this time. ${hud.lowBalanceText}`, 'error');
    }
    hud.setPrimaryLabel('Buy card');
    hud.setBusy(false);
    round = null;
  }

  async function buy() {
    if (!hud.affordable) {
      hud.setMessage(hud.lowBalanceText, 'error');
      return;
    }
    hud.setBusy(true);
    hud.setMessage('');
    roundStarted();
    let result: RoundResult;
    try {
      result = await playRound(hud.bet, newRequestId());
    } catch (error) {
      roundRevealed(null);
      hud.setMessage(explainError(error), 'error');
      hud.setBusy(false);
      return;
    }
    if (result.outcome.kind !== 'scratch') throw new Error('a scratch title answered a non-scratch round');
    const outcome = result.outcome;
    round = result;
    scratched = cellElements.map(() => new Set());
    strokes = [];
    card.classList.remove('revealed');
    cellElements.forEach((element, cell) => {
      const symbol = outcome.cells[cell] ?? '';
      const art = game.symbols[symbol];
      element.classList.remove('hit');
      element.dataset.shown = 'false';
      element.setAttribute('aria-label', `Cell ${cell + 1}: covered`);
      element.style.setProperty('--sym', art?.color ?? '#888');
      element.replaceChildren(symbolIcon(art ? symbol : undefined));
    });
    drawFoil();
    hud.setBalance(result.balanceBefore - result.bet);
    // The card is bought: the main button now reveals it; scratching works meanwhile.
    hud.setBusy(false);
    hud.setPrimaryLabel('Reveal all');
    hud.setMessage('Scratch the card, or press Reveal all.');
    if (prefersReducedMotion()) finish();
  }

  hud.setPrimaryLabel('Buy card');
  hud.onPrimary(() => {
    if (round) finish();
    else void buy();
  });
  if (hud.affordable) hud.setMessage('Choose your bet and buy a card: match three to win.');
  else hud.setMessage(hud.lowBalanceText, 'error');
  hud.setPaytable(scratchPaytable(game));
  drawFoil();
}

function scratchPaytable(game: ScratchGameInfo): HTMLElement {
  return h(
    'div',
    {},
    h('p', {
      text: 'Nine cells. Three matching symbols win that symbol’s prize, as a multiple of the bet. A card never shows two matches.',
    }),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, h('th', { text: 'Three of' }), h('th', { text: 'Pays' }))),
      h(
        'tbody',
        {},
        ...[...game.prizes]
          .sort((a, b) => b.multiplier - a.multiplier)
          .map((prize) => {
            const art = game.symbols[prize.symbol];
            return h(
              'tr',
              {},
              h('th', { scope: 'row' }, symbolIcon(prize.symbol), ` ${art?.label ?? prize.symbol}`),
              h('td', { text: `×${prize.multiplier}` }),
            );
          }),
      ),
    ),
  );
}
