import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createOperatorRequestSchema, operatorPasswordSchema, operatorRoles } from '@casino/contracts/admin';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataFolderInUseError } from './db/data-folder-lock.js';
import { migrateAsOwner } from './db/migrate-as-owner.js';
import { schemaSourcesFor } from './db/schema-sources.js';
import { AppError } from './http/errors.js';
import { createOperatorSessions } from './modules/admin/operator-sessions.js';
import { COMMAND_LINE_ACTOR, createOperatorsService } from './modules/admin/operators-service.js';

/**
 * `npm run admin:create -- --email ops@example.com --name "Ada Admin" [--roles admin]`
 *
 * Creates an operator of the back office, the first admin included: there is
 * no default account and no default password. The password comes from ADMIN_PASSWORD, from a
 * hidden prompt on a terminal, or from the first line of standard input. Two-factor enrolment
 * happens at the operator's first sign-in at /admin (a QR code to scan), which this prints.
 * The creation is in the audit trail, made by 'command line'. With the embedded database, stop
 * the server first: one process at a time may open its folder, and while a server has it open
 * this refuses (db/data-folder-lock.ts).
 */
const USAGE = 'Usage: npm run admin:create -- --email <e-mail> --name "<display name>" [--roles admin,support,...]';

async function readHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function passwordFromUser(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await readHidden('Password (12 to 128 characters): ');
  const again = await readHidden('Password again: ');
  if (first !== again) throw new Error('The two passwords differ.');
  return first;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, roles: { type: 'string', default: 'admin' } },
    allowPositionals: false,
  });
  if (!values.email || !values.name) fail(USAGE);
  const roles = values.roles
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  const unknown = roles.filter((role) => !(operatorRoles as readonly string[]).includes(role));
  if (unknown.length > 0) fail(`Unknown role ${unknown.join(', ')}: roles are ${operatorRoles.join(', ')}.`);

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const password = await passwordFromUser();
  const parsedPassword = operatorPasswordSchema.safeParse(password);
  if (!parsedPassword.success) fail(parsedPassword.error.issues[0]?.message ?? 'The password is not valid.');
  const parsed = createOperatorRequestSchema.safeParse({
    email: values.email,
    displayName: values.name,
    password,
    roles,
    reason: 'Created with npm run admin:create',
  });
  if (!parsed.success) fail(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));

  const here = path.dirname(fileURLToPath(import.meta.url));
  const schema = schemaSourcesFor(here);
  if (!fs.existsSync(schema.migrations)) fail('The migrations folder was not found.');
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, holder: 'npm run admin:create' });
  } catch (error) {
    // A server on the same embedded data folder would keep its own copy and lose the operator.
    if (error instanceof DataFolderInUseError) {
      fail(
        `No operator was created: ${error.holder.holder} (process ${error.holder.pid}) has the data folder ${error.dataDir} open. ` +
          'Stop the server, run npm run admin:create again, then start the server.',
      );
    }
    throw error;
  }
  try {
    await migrateAsOwner(database, config, schema);
    const service = createOperatorsService(database.db, createOperatorSessions(database.db, config));
    const { reason, ...input } = parsed.data;
    const operator = await service.createOperator(COMMAND_LINE_ACTOR, input, reason);
    process.stdout.write(
      `${[
        `Operator #${operator.operatorId} created: ${operator.displayName} <${operator.email}>, roles: ${operator.roles.join(', ')}.`,
        '',
        'Two-factor sign-in is required. To finish setting up this account:',
        `  1. Open ${config.publicUrl}/admin and sign in with this e-mail and password.`,
        '  2. Scan the QR code shown there with an authenticator app (Google Authenticator, Microsoft',
        '     Authenticator, 1Password, Authy...), or type the secret shown beside it.',
        '  3. Enter the 6-digit code the app shows. Every later sign-in asks for a new code.',
        'No session starts before that. An admin can reset a lost authenticator under Operators.',
      ].join('\n')}\n`,
    );
  } catch (error) {
    if (error instanceof AppError) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
