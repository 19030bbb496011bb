#!/usr/bin/env node
// Draws a provably fair round again from its seeds and prints its outcome (docs/decisions/070):
//
//   node scripts/verify-round.mjs --server-seed <64 hex> --client-seed <text> --nonce <n> --game <title> [--bet 1.00] [--json]
//   node scripts/verify-round.mjs --lines < rounds.jsonl   (one {"serverSeed","clientSeed","nonce","game","bet"?} a line in, one outcome a line out)
//
// It needs Node 24 and nothing else: no package, no network. It runs the very files the game
// server draws with (packages/contracts/src/game-math, TypeScript that Node runs as it is) with
// Web Crypto's HMAC, the way the /provably-fair page does in a browser.
import { registerHooks } from 'node:module';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

// The shared files import each other as './x.js' (the TypeScript way); here './x.js' is './x.ts'.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
  },
});
const { verifyRound, FairInputError } = await import('../packages/contracts/src/game-math/verify-round.ts');

/** The outcome as data: what the game showed, without the engine's internals. */
export function outcomeSummary(round) {
  const { outcome } = round;
  const common = {
    game: round.title?.id ?? round.profileId,
    profile: round.profileId,
    serverSeedHash: round.serverSeedHash,
    bet: round.bet / 100,
    win: outcome.totalWin / 100,
    multiplier: round.multiplier,
  };
  if (outcome.kind === 'slot') {
    return {
      ...common,
      kind: 'slot',
      stops: outcome.stops,
      grid: outcome.grid,
      lineWins: outcome.lineWins.map(({ line, symbol, count, multiplier }) => ({ line, symbol, count, multiplier })),
      scatterWin: outcome.scatterWin && { count: outcome.scatterWin.count, multiplier: outcome.scatterWin.multiplier },
    };
  }
  return { ...common, kind: 'scratch', cells: outcome.cells, winningSymbol: outcome.winningSymbol, winningCells: outcome.winningCells };
}

function printed(summary, input) {
  const lines = [
    `Game:             ${summary.game} (math ${summary.profile})`,
    `Server seed hash: ${summary.serverSeedHash}`,
    `Client seed:      ${input.clientSeed}`,
    `Nonce:            ${input.nonce}`,
  ];
  if (summary.kind === 'slot') {
    lines.push(`Reel stops:       ${summary.stops.join(' ')}`, 'Grid:');
    for (const row of summary.grid) lines.push(`  ${row.map((symbol) => symbol.padEnd(8)).join('')}`.trimEnd());
    for (const win of summary.lineWins) lines.push(`Line ${win.line + 1}: ${win.count} x ${win.symbol}, ${win.multiplier}x the line bet`);
    if (summary.scatterWin) lines.push(`Scatter: ${summary.scatterWin.count} scatters, ${summary.scatterWin.multiplier}x the bet`);
  } else {
    lines.push('Card:');
    for (let row = 0; row < 3; row += 1)
      lines.push(
        `  ${summary.cells
          .slice(row * 3, row * 3 + 3)
          .map((symbol) => symbol.padEnd(4))
          .join('')}`.trimEnd(),
      );
    lines.push(`Match:            ${summary.winningSymbol ?? 'none'}`);
  }
  lines.push(`Win multiplier:   ${summary.multiplier}x (a ${summary.bet.toFixed(2)} bet wins ${summary.win.toFixed(2)})`);
  return lines.join('\n');
}

/** One round's input from JSON or the command line; the bet in coins (1.00), as the history shows it. */
function roundInput({ serverSeed, clientSeed, nonce, game, bet }) {
  return {
    serverSeed: String(serverSeed ?? ''),
    clientSeed: String(clientSeed ?? ''),
    nonce: Number(nonce),
    game: String(game ?? ''),
    ...(bet === undefined || bet === null || bet === '' ? {} : { bet: Math.round(Number(bet) * 100) }),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      'server-seed': { type: 'string' },
      'client-seed': { type: 'string' },
      nonce: { type: 'string' },
      game: { type: 'string' },
      bet: { type: 'string' },
      json: { type: 'boolean' },
      lines: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.lines) {
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      if (line.trim() === '') continue;
      try {
        process.stdout.write(`${JSON.stringify(outcomeSummary(await verifyRound(roundInput(JSON.parse(line)))))}\n`);
      } catch (error) {
        process.stdout.write(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
      }
    }
    return;
  }
  if (values.help || !values['server-seed'] || values['client-seed'] === undefined || values.nonce === undefined || !values.game) {
    console.log(
      'usage: node scripts/verify-round.mjs --server-seed <64 hex> --client-seed <text> --nonce <n> --game <title> [--bet 1.00] [--json]',
    );
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const input = roundInput({
    serverSeed: values['server-seed'],
    clientSeed: values['client-seed'],
    nonce: values.nonce,
    game: values.game,
    bet: values.bet,
  });
  const summary = outcomeSummary(await verifyRound(input));
  console.log(values.json ? JSON.stringify(summary, null, 2) : printed(summary, input));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof FairInputError ? error.message : error);
    process.exitCode = 1;
  });
}
