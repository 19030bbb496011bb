import type { OperatorRole } from '@casino/contracts/admin';
import { eq, sql } from 'drizzle-orm';
import { operators } from '../../db/schema/index.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { ADMIN_SESSION_COOKIE } from './core.js';
import { createOperatorSessions } from './operator-sessions.js';
import { COMMAND_LINE_ACTOR, createOperatorsService } from './operators-service.js';
import { createSecretBox } from './secret-box.js';
import { newTotpSecret, TOTP_PERIOD_SECONDS, totpCode } from './totp.js';

/** Operators for integration tests: made through the same service as `npm run admin:create`. */
export const OPERATOR_PASSWORD = 'Back-Office#Password1';

export interface TestOperator {
  operatorId: number;
  email: string;
  roles: OperatorRole[];
  /** The authenticator's secret (base32), when enrolled. */
  secret: string | null;
}

async function services() {
  const { database, config } = await testServer();
  const sessions = createOperatorSessions(database.db, config);
  return { database, config, sessions, operators: createOperatorsService(database.db, sessions) };
}

/** A new operator with these roles; `enrolled` gives them an authenticator as if they had scanned the QR code. */
export async function createTestOperator(roles: OperatorRole[], { enrolled = true } = {}): Promise<TestOperator> {
  const { database, config, operators: service } = await services();
  const email = `${uniqueName('op').toLowerCase()}@ops.test`;
  const created = await service.createOperator(
    COMMAND_LINE_ACTOR,
    { email, displayName: `Test ${roles.join('+')}`, password: OPERATOR_PASSWORD, roles },
    'test operator',
  );
  let secret: string | null = null;
  if (enrolled) {
    secret = newTotpSecret();
    await database.db
      .update(operators)
      .set({ totpSecret: createSecretBox(config.operatorTotpKey).seal(secret, created.operatorId), totpEnrolledAt: sql`now()` })
      .where(eq(operators.id, created.operatorId));
  }
  return { operatorId: created.operatorId, email, roles, secret };
}

/** A browser holding a new session of this operator (made directly, as the TOTP step would). */
export async function operatorClient(operator: Pick<TestOperator, 'operatorId'>): Promise<TestClient> {
  const { database, sessions } = await services();
  const { token } = await sessions.create(database.db, operator.operatorId, { ip: '127.0.0.1', userAgent: 'vitest' });
  const client = await newClient();
  client.setCookie(ADMIN_SESSION_COOKIE, token);
  return client;
}

/** A signed-in operator with these roles. */
export async function signedInOperator(roles: OperatorRole[]): Promise<{ operator: TestOperator; client: TestClient }> {
  const operator = await createTestOperator(roles);
  return { operator, client: await operatorClient(operator) };
}

/** The code of the step after the one `at` falls in: accepted (one step of drift) and not yet used. */
export function nextCode(secret: string, at = Date.now()): string {
  return totpCode(secret, at + TOTP_PERIOD_SECONDS * 1000);
}

/** Both sign-in steps through HTTP. */
export async function signInThroughHttp(client: TestClient, operator: TestOperator, code = totpCode(operator.secret!)) {
  const login = await client.post('/api/admin/auth/login', { email: operator.email, password: OPERATOR_PASSWORD });
  if (login.status !== 200) return login;
  return client.post('/api/admin/auth/totp', { code });
}
