import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { newCredentials, signUpBody } from '../auth/test-players.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { testServer } from '../../test/harness.js';
import { TestClient } from '../../test/http-client.js';
import { luhnNumbers } from './card-numbers.js';
import { packageBySlug, payWithCard, TEST_CARDS, webhooksDelivered } from './payment-helpers.js';

/**
 * Card numbers never reach our API, database or logs: after purchases with
 * every test card, no table and no log line holds a 13-19 digit number that passes the Luhn check.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_ENTRY = path.resolve(here, '../../test/server-process.ts');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** The card flows the dialog runs: success with each brand, decline, 3-D Secure passed and failed, a mistyped number. */
async function cardFlows(client: TestClient, pkg: Awaited<ReturnType<typeof packageBySlug>>): Promise<void> {
  for (const card of [TEST_CARDS.visa, TEST_CARDS.mastercard, TEST_CARDS.discover, TEST_CARDS.amex, TEST_CARDS.declined]) {
    const result = await payWithCard(client, pkg, card, { isSaveCard: true });
    await webhooksDelivered(client, result.merchantRefNum, 1);
  }
  for (const outcome of ['pass', 'fail']) {
    const result = await payWithCard(client, pkg, TEST_CARDS.challenge);
    await client.request('POST', result.threeDSecureUrl!, { body: { outcome } });
    await webhooksDelivered(client, result.merchantRefNum, 2);
    await client.get('payment/status', { providerType: 'FINIX', paymentReference: result.merchantRefNum });
  }
  const mistyped = await client.request('POST', '/sandbox/finix/v1/tokens', {
    body: { number: '4111111111111112', expiry: '12/34', cvc: '123' },
  });
  expect(mistyped.status).toBe(422);
}

describe('card numbers', () => {
  it('the scanner finds a card number, grouped or not, and ignores other numbers', () => {
    expect(luhnNumbers('{"n":"4111 1111 1111 1111"} x 378282246310005 y')).toEqual(['4111 1111 1111 1111', '378282246310005']);
    expect(luhnNumbers('4111111111111112 12345 LC-3f1e')).toEqual([]);
    // Inside a hex digest it is not a number; an epoch-milliseconds time is not a card number.
    expect(luhnNumbers('"ab4111111111111111cd"')).toEqual([]);
    expect(luhnNumbers('{"lockedUntil":1795443134832}')).toEqual([]);
    expect(luhnNumbers('{"n":4222222222222}')).toEqual(['4222222222222']);
    // Grouped as cards are (4-4-4-4, Amex 4-6-5), not as other ids that join digit runs with a dash.
    expect(luhnNumbers('4111-1111-1111-1111 3782 822463 10005')).toEqual(['4111-1111-1111-1111', '3782 822463 10005']);
    expect(luhnNumbers('{"roundId":"8154-249734695034"}')).toEqual([]);
  });

  it('are in no table after purchases with every test card', async () => {
    const { client } = await signedInPlayer();
    await cardFlows(client, await packageBySlug('starter-199'));

    const { database } = await testServer();
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    const hits: string[] = [];
    for (const { table_name } of tables) {
      const rows = await queryRows<{ row: string }>(
        database.db,
        sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
      );
      for (const { row } of rows) for (const number of luhnNumbers(row)) hits.push(`${table_name}: ${number}`);
    }
    expect(hits).toEqual([]);
  });

  it('are in no log line of a server logging at trace level', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      env: {
        ...process.env,
        APP_ENV: 'test',
        LOG_LEVEL: 'trace',
        PORT: '0',
        HOST: '127.0.0.1',
        RATE_LIMIT_ENABLED: 'false',
        DATABASE_URL: '',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-card-logs-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const baseUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const url = /LISTENING (\S+)/.exec(output)?.[1];
        if (url) resolve(url);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
    });

    // A player made the way a player makes one: sign up, the link from the sandbox outbox, log in.
    const client = new TestClient(baseUrl);
    const credentials = newCredentials('card');
    expect((await client.post('user/sign-up', signUpBody(credentials))).status).toBe(200);
    const mail = await client.get<{ data: { rows: { text: string }[] } }>('dev/mail', { to: credentials.email });
    const token = /\/user\/verifyEmail\?token=([A-Za-z0-9_%-]+)/.exec(mail.body.data.rows[0]!.text)![1]!;
    expect((await client.get('user/verifyEmail', { token: decodeURIComponent(token) })).status).toBe(200);
    expect((await client.post('user/login', { email: credentials.email, password: encodeBase64Utf8(credentials.password) })).status).toBe(
      200,
    );

    const listed = await client.get<{ data: { rows: { packageId: number; amount: number; gcCoin: number; scCoin: number }[] } }>(
      'details/packages',
    );
    const first = listed.body.data.rows[0]!;
    await cardFlows(client, {
      id: first.packageId,
      amount: Math.round(first.amount * 100),
      gcCoin: first.gcCoin * 100,
      scCoin: first.scCoin * 100,
    });

    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    // The log really is at trace level and saw the card flows (so an empty result means something).
    expect(output).toContain('/sandbox/finix/v1/tokens');
    expect(output).toContain('/api/v1/payment/finix/create-instrument');
    // pino's "responseTime" (a float with many decimals) is not a card field: left out of the scan.
    const scanned = output.replace(/"responseTime":[\d.]+/g, '"responseTime":0');
    expect(luhnNumbers(scanned)).toEqual([]);
  });
});
