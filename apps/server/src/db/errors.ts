/**
 * The PostgreSQL error behind whatever threw it: node-postgres and PGlite throw it with its
 * SQLSTATE in `code`, and Drizzle wraps it as the `cause` of its own error. One walk down the
 * causes, for every place that answers a database refusal (a unique key taken, a lock not had).
 */
export interface PostgresError {
  code: string;
  constraint?: string;
  message: string;
}

const MAX_DEPTH = 5;

/** The first error in `error`'s chain of causes with this SQLSTATE, if any. */
export function postgresError(error: unknown, code: string): PostgresError | undefined {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < MAX_DEPTH; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === code) {
      return {
        code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
        message: typeof candidate.message === 'string' ? candidate.message : '',
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** A unique violation (23505), of any key or only of one of `constraints` (named by the driver or in its message). */
export function isUniqueViolation(error: unknown, constraints?: readonly string[]): boolean {
  const violation = postgresError(error, '23505');
  if (!violation) return false;
  if (!constraints) return true;
  return constraints.some((name) => violation.constraint === name || violation.message.includes(name));
}

/** The constraint a unique violation broke ('' when the driver does not name it), or undefined for any other error. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  const violation = postgresError(error, '23505');
  return violation ? (violation.constraint ?? '') : undefined;
}
