import { CLIENT_SEED_PATTERN, clientSeedMessage, provablyFairLink } from '@casino/contracts/provably-fair-constants';
import type { SeedPair } from '@casino/contracts/provably-fair';
import type { RoundResult } from '@casino/contracts/rgs';
import { currentSeeds, onRoundPlayed, rotateSeeds } from './api';
import { h } from './dom';
import { explainError } from './errors';

/** Rounds of this page the panel lists, newest first. */
const KEPT_ROUNDS = 10;

/**
 * The game page's provably fair panel (docs/decisions/070-provably-fair.md): the current seed
 * pair (the server seed's hash, the client seed, the next nonce), a new client seed or a plain
 * rotation (either reveals the server seed of the rounds so far), and this page's latest rounds,
 * each linked to /provably-fair with its seeds (and, once revealed, its server seed). The links
 * open a new tab: the page is in the lobby's frame.
 */
export function createFairness(game: { identifier: string }): { button: HTMLButtonElement; dialog: HTMLDialogElement } {
  const rounds: RoundResult[] = [];
  /** Server seeds this page saw revealed, by pair id. */
  const revealed = new Map<number, string>();
  let current: SeedPair | null = null;

  const hash = h('code', { className: 'fair-value', 'data-testid': 'fair-hash', text: '…' });
  const clientSeed = h('code', { className: 'fair-value', text: '…' });
  const nonce = h('code', { className: 'fair-value', text: '…' });
  const input = h('input', {
    type: 'text',
    id: 'fair-client-seed',
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: 64,
    'aria-describedby': 'fair-status',
  });
  const status = h('p', { id: 'fair-status', className: 'fair-status', role: 'status', 'aria-live': 'polite' });
  const list = h('ol', { className: 'fair-rounds', 'aria-label': 'Your latest rounds here' });

  function render() {
    hash.textContent = current?.serverSeedHash ?? '…';
    clientSeed.textContent = current?.clientSeed ?? '…';
    nonce.textContent = current ? String(current.nonce) : '…';
    list.replaceChildren(
      ...rounds.map((round) => {
        const seeds = round.seeds!;
        const serverSeed = seeds.serverSeed ?? revealed.get(seeds.seedPairId) ?? null;
        return h(
          'li',
          {},
          h('span', { text: `Round ${round.roundId} · nonce ${seeds.nonce}` }),
          h('a', {
            href: provablyFairLink({ game: game.identifier, ...seeds, serverSeed, bet: round.bet }),
            target: '_blank',
            rel: 'noopener',
            text: serverSeed ? 'Verify' : 'Seeds',
            'aria-label': `${serverSeed ? 'Verify' : 'See the seeds of'} round ${round.roundId} on the provably fair page (new tab)`,
          }),
        );
      }),
    );
    if (rounds.length === 0)
      list.replaceChildren(h('li', { className: 'fair-empty', text: 'Rounds you play here are listed with their seeds.' }));
  }

  async function refresh() {
    try {
      current = await currentSeeds();
      render();
    } catch (error) {
      status.textContent = explainError(error);
    }
  }

  async function rotate(seed?: string) {
    status.textContent = 'Rotating…';
    try {
      const result = await rotateSeeds(seed);
      revealed.set(result.revealed.id, result.revealed.serverSeed);
      current = result.current;
      input.value = '';
      status.textContent = `Rotated. The server seed of your rounds so far is revealed: ${result.revealed.serverSeed}. New hash: ${result.current.serverSeedHash}.`;
      render();
    } catch (error) {
      status.textContent = explainError(error);
    }
  }

  onRoundPlayed((round) => {
    if (!round.seeds) return;
    rounds.unshift(round);
    rounds.splice(KEPT_ROUNDS);
    if (current && current.id === round.seeds.seedPairId) current = { ...current, nonce: Math.max(current.nonce, round.seeds.nonce + 1) };
    render();
  });

  const form = h(
    'form',
    { className: 'fair-form' },
    h('label', { for: 'fair-client-seed', text: 'New client seed' }),
    input,
    h('button', { type: 'submit', className: 'fair-action', text: 'Change client seed' }),
    h('button', { type: 'button', className: 'fair-action', text: 'Rotate seeds', onclick: () => void rotate() }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const seed = input.value.trim();
    if (!CLIENT_SEED_PATTERN.test(seed)) {
      status.textContent = clientSeedMessage;
      input.focus();
      return;
    }
    void rotate(seed);
  });

  const dialog = h(
    'dialog',
    { className: 'paytable fairness', 'aria-labelledby': 'fair-title' },
    h(
      'div',
      { className: 'paytable-head' },
      h('h2', { id: 'fair-title', text: 'Provably fair' }),
      h('button', { type: 'button', className: 'close', 'aria-label': 'Close provably fair', text: '×', onclick: () => dialog.close() }),
    ),
    h('p', {
      className: 'rtp',
      text: 'Each round is drawn from our server seed (shown as its hash until you rotate), your client seed and the round’s nonce.',
    }),
    h(
      'dl',
      { className: 'fair-pair' },
      h('dt', { text: 'Server seed hash' }),
      h('dd', {}, hash),
      h('dt', { text: 'Client seed' }),
      h('dd', {}, clientSeed),
      h('dt', { text: 'Next nonce' }),
      h('dd', {}, nonce),
    ),
    form,
    status,
    h('h3', { className: 'fair-heading', text: 'Latest rounds' }),
    list,
    h('a', {
      className: 'fair-more',
      href: '/provably-fair',
      target: '_blank',
      rel: 'noopener',
      text: 'How it works, and all your seeds (new tab)',
    }),
  );
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });

  const button = h('button', {
    type: 'button',
    className: 'info fair-open',
    'aria-label': 'Provably fair',
    title: 'Provably fair',
    text: '✓',
    onclick: () => {
      dialog.showModal();
      void refresh();
    },
  });
  render();
  return { button, dialog };
}
