import type { FastifyRequest } from 'fastify';
import { fromHundredths, toHundredths } from '@casino/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import {
  verifyWalletSignature,
  WALLET_SIGNATURE_HEADER,
  WALLET_SIGNATURE_MAX_AGE_MS,
  WALLET_TIMESTAMP_HEADER,
} from '../../rgs/wallet-signature.js';
import {
  walletBalanceBodySchema,
  walletBalanceResultSchema,
  walletBetBodySchema,
  walletBetWinBodySchema,
  walletBetWinResultSchema,
  walletMoveResultSchema,
  walletRollbackBodySchema,
  walletWinBodySchema,
} from './schemas.js';
import type { WalletApiService, WalletMove } from './service.js';

/** The wire's decimals for a move the service answered in hundredths. */
function wireMove(move: WalletMove) {
  return { ...move, balanceBefore: fromHundredths(move.balanceBefore), balance: fromHundredths(move.balance) };
}

const signatureHeaders = z.object({
  [WALLET_TIMESTAMP_HEADER]: z.string().describe('Milliseconds since the epoch when the request was signed'),
  [WALLET_SIGNATURE_HEADER]: z.string().describe('hex(HMAC-SHA256(secret, `${timestamp}.${METHOD}.${path}.${body}`))'),
});

const SIGNING = `Every request carries \`${WALLET_TIMESTAMP_HEADER}\` (milliseconds since the epoch) and \`${WALLET_SIGNATURE_HEADER}\` = hex(HMAC-SHA256(GAME_SERVER_SECRET-derived key, \`\${timestamp}.\${METHOD}.\${path}.\${rawBody}\`)). A signature more than ${WALLET_SIGNATURE_MAX_AGE_MS / 1000} s from the server's clock is refused (3406), a wrong one too (3405). Money calls are idempotent by \`transactionId\`: the same id answers the first result (replayed: true) and moves nothing; the same id with a different request is refused (3011).`;

const WIN_LIMIT =
  "A win above the game's maximum (its max win multiplier times the round's bets) is refused with 3412: nothing is paid, the call takes no bet, and the casino's money desk is alerted.";

/** The raw body as received: the signature covers exactly these bytes. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * POST /rgs/wallet/{balance,bet,win,rollback,bet-win}: the seamless-wallet API that game servers call,
 * ours through the same HTTP pipeline (rgs/wallet-client.ts) as an aggregator's would.
 */
export const walletApiRoutes: FastifyPluginAsyncZod<{ wallet: WalletApiService; secret: string }> = async (app, { wallet, secret }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, text);
    try {
      done(null, text === '' ? {} : JSON.parse(text));
    } catch {
      done(new AppError('RequestInputValidation', 'The body is not valid JSON.'), undefined);
    }
  });

  app.addHook('preValidation', async (request) => {
    const check = verifyWalletSignature(secret, {
      timestamp: request.headers[WALLET_TIMESTAMP_HEADER] as string | undefined,
      signature: request.headers[WALLET_SIGNATURE_HEADER] as string | undefined,
      method: request.method,
      path: request.url.split('?')[0] ?? '',
      body: rawBodies.get(request) ?? '',
    });
    if (!check.ok) throw new AppError(check.reason === 'expired' ? 'WalletRequestExpired' : 'WalletSignatureInvalid');
  });

  // Signed server-to-server calls: the signature, not the caller's address, is what limits them.
  const config = { rateLimit: false } as const;
  const tags = ['seamless-wallet'];

  app.post(
    '/balance',
    {
      config,
      schema: {
        tags,
        summary: "A player's balance in one coin",
        description: SIGNING,
        headers: signatureHeaders,
        body: walletBalanceBodySchema,
        response: { 200: envelope(walletBalanceResultSchema) },
      },
    },
    async (request) => {
      const { userId, coin } = request.body;
      return ok({ userId, coin, balance: fromHundredths(await wallet.balance(userId, coin)) });
    },
  );

  app.post(
    '/bet',
    {
      config,
      schema: {
        tags,
        summary: 'Take a bet (GC from GC; SC from bonus, then unplayed, then redeemable)',
        description: `${SIGNING} A bet larger than the balance is refused with 3012 and the player's wallet socket hears INSUFFICIENT_BALANCE.`,
        headers: signatureHeaders,
        body: walletBetBodySchema,
        response: { 200: envelope(walletMoveResultSchema) },
      },
    },
    async (request) => ok(wireMove(await wallet.bet({ ...request.body, amount: toHundredths(request.body.amount) }))),
  );

  app.post(
    '/win',
    {
      config,
      schema: {
        tags,
        summary: "Pay a round's win (0 closes a losing round); SC wins are redeemable",
        description: `${SIGNING} ${WIN_LIMIT}`,
        headers: signatureHeaders,
        body: walletWinBodySchema,
        response: { 200: envelope(walletMoveResultSchema) },
      },
    },
    async (request) => ok(wireMove(await wallet.win({ ...request.body, amount: toHundredths(request.body.amount) }))),
  );

  app.post(
    '/rollback',
    {
      config,
      schema: {
        tags,
        summary: 'Reverse a bet exactly (each SC part back where it came from)',
        description: `${SIGNING} A rollback of a bet that has not arrived is recorded and the bet is refused when it comes; a round that already has its win cannot be rolled back.`,
        headers: signatureHeaders,
        body: walletRollbackBodySchema,
        response: { 200: envelope(walletMoveResultSchema) },
      },
    },
    async (request) => ok(wireMove(await wallet.rollback(request.body))),
  );

  app.post(
    '/bet-win',
    {
      config,
      schema: {
        tags,
        summary: "An instant game's round: take the bet and pay its win (0 for a loss) in one call",
        description: `${SIGNING} ${WIN_LIMIT} The bet is refused as /bet refuses it (then nothing is paid); otherwise the win settles the round at once. Each part answers as /bet and /win would, and a repeat with the same transaction ids answers both first results.`,
        headers: signatureHeaders,
        body: walletBetWinBodySchema,
        response: { 200: envelope(walletBetWinResultSchema) },
      },
    },
    async (request) => {
      const { bet, win } = await wallet.betAndWin({
        ...request.body,
        amount: toHundredths(request.body.amount),
        winAmount: toHundredths(request.body.winAmount),
      });
      return ok({ bet: wireMove(bet), win: wireMove(win) });
    },
  );
};
