import './game.css';
import { rgsTexts } from '@casino/contracts/rgs-constants';
import { openSession } from './api';
import { h } from './dom';
import { explainError } from './errors';
import { createFairness } from './fairness';
import { createHud } from './hud';
import { startScratch } from './scratch';
import { startSlot } from './slot';
import { installSymbols } from './symbols';

/**
 * The game page the lobby frames (/rgs/play/<title>#launch=<token>): it trades the launch token
 * for a game session, then draws the title. The token is removed from the address at once, so a
 * reload or a copied link cannot reuse it (it opens one session only anyway).
 */
const root = document.getElementById('game') ?? document.body;

function fail(message: string) {
  root.removeAttribute('aria-busy');
  root.replaceChildren(h('div', { className: 'game-error', role: 'alert' }, h('p', { text: message })));
}

async function boot() {
  const launchToken = new URLSearchParams(window.location.hash.slice(1)).get('launch');
  history.replaceState(null, '', window.location.pathname);
  if (!launchToken) {
    fail(rgsTexts.sessionEnded);
    return;
  }
  try {
    const session = await openSession(launchToken);
    document.title = `${session.game.name} · Lucky Crown`;
    installSymbols(session.game.symbols);
    const hud = createHud(root, session.game, session.coin, session.balance, createFairness(session.game));
    if (session.game.kind === 'slot') startSlot(hud, session.game);
    else startScratch(hud, session.game);
  } catch (error) {
    fail(explainError(error));
  }
}

void boot();
