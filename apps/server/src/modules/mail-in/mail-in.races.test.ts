import { describe, expect, it } from 'vitest';
import { signedInOperator } from '../admin/test-support.js';
import { signedInClient } from '../../test/signed-in.js';
import { bonusScOf, creditedCardsOf, creditsOfRequest, enterCard, newCode, rulesNow } from './test-support.js';

/**
 * Two operators entering the same card at once (docs/decisions/069-mail-in-entry.md): the card is
 * credited once. PostgreSQL only (DATABASE_URL): PGlite runs one transaction at a time, so there a
 * race proves nothing and is skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('mail-in races (PostgreSQL only: PGlite serialises every transaction)', () => {
  it('two operators entering the same card at once: one credits it, the other is told it was used, the SC is credited once', async () => {
    const first = await signedInOperator(['support']);
    const second = await signedInOperator(['compliance']);
    const rounds = 8;
    for (let round = 0; round < rounds; round += 1) {
      const player = await signedInClient('mailrace');
      const { scAmount } = await rulesNow(player.client);
      const request = await newCode(player.client);
      const answers = await Promise.all([
        enterCard(first.client, { code: request.code }),
        enterCard(second.client, { code: request.code.toLowerCase() }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const outcomes = answers.map((answer) => answer.body.data.outcome).sort();
      expect(outcomes).toEqual(['credited', 'refused']);
      const refused = answers.find((answer) => answer.body.data.outcome === 'refused')!;
      expect(refused.body.data.refusalReason).toBe('code_used');
      expect(await creditsOfRequest(request.requestId)).toHaveLength(1);
      expect(await creditedCardsOf(request.requestId)).toHaveLength(1);
      expect(await bonusScOf(player.userId)).toBe(Math.round(scAmount * 100));
    }
  });

  it('two requests for a code at once: one opens, the other is 3870', async () => {
    const player = await signedInClient('mailrace');
    const answers = await Promise.all([player.client.post('mail-in/requests', {}), player.client.post('mail-in/requests', {})]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.errors?.[0]?.errorCode).toBe(3870);
  });
});
