import type { OperatorRole, OperatorRow } from '@casino/contracts/admin';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { operatorLoginChallenges, operators } from '../../db/schema/admin.js';
import { AppError } from '../../http/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { appendAudit } from './audit.js';
import type { OperatorSessionService } from './operator-sessions.js';
import { isUniqueViolation } from '../../db/errors.js';

/**
 * Operator accounts: created by `npm run admin:create` (the first admin) or by
 * an admin in the back office, through the same createOperator. Every change is audited in its
 * own transaction, with the operator who made it and the reason.
 */
export interface Actor {
  /** null: the command line (npm run admin:create). */
  operatorId: number | null;
  email: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export const COMMAND_LINE_ACTOR: Actor = { operatorId: null, email: 'command line (npm run admin:create)' };

export interface NewOperator {
  email: string;
  displayName: string;
  /** Checked against operatorPasswordSchema by the caller (route or command). */
  password: string;
  roles: OperatorRole[];
}

export interface OperatorsService {
  createOperator(actor: Actor, input: NewOperator, reason: string): Promise<OperatorRow>;
  list(): Promise<OperatorRow[]>;
  updateRoles(actor: Actor, operatorId: number, roles: OperatorRole[], reason: string): Promise<OperatorRow>;
  setDisabled(actor: Actor, operatorId: number, disabled: boolean, reason: string): Promise<OperatorRow>;
  /** Forgets the operator's authenticator: the next sign-in enrols a new one; their sessions end. */
  resetTwoFactor(actor: Actor, operatorId: number, reason: string): Promise<OperatorRow>;
}

type OperatorRecord = typeof operators.$inferSelect;

export function operatorRow(row: OperatorRecord): OperatorRow {
  return {
    operatorId: row.id,
    email: row.email,
    displayName: row.displayName,
    roles: row.roles,
    twoFactorEnrolled: row.totpEnrolledAt !== null,
    disabled: row.disabledAt !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createOperatorsService(db: Database, sessions: OperatorSessionService): OperatorsService {
  async function lockOperator(tx: Transaction, operatorId: number): Promise<OperatorRecord> {
    const [row] = await tx.select().from(operators).where(eq(operators.id, operatorId)).for('update');
    if (!row) throw new AppError('NotFound', 'This operator was not found.');
    return row;
  }

  const audit = (tx: Transaction, actor: Actor, action: string, target: number, before: unknown, after: unknown, reason: string) =>
    appendAudit(tx, {
      operatorId: actor.operatorId,
      operatorEmail: actor.email,
      action,
      targetType: 'operator',
      targetId: String(target),
      before,
      after,
      reason,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
    });

  return {
    async createOperator(actor, input, reason) {
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(operators)
            .values({
              email: input.email.trim().toLowerCase(),
              displayName: input.displayName.trim(),
              passwordHash,
              roles: [...new Set(input.roles)],
              createdBy: actor.operatorId,
            })
            .returning();
          const row = operatorRow(created!);
          await audit(
            tx,
            actor,
            'operator.create',
            row.operatorId,
            null,
            { email: row.email, displayName: row.displayName, roles: row.roles },
            reason,
          );
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('OperatorEmailExists');
        throw error;
      }
    },

    async list() {
      const rows = await db.select().from(operators).orderBy(asc(operators.id));
      return rows.map(operatorRow);
    },

    async updateRoles(actor, operatorId, roles, reason) {
      return db.transaction(async (tx) => {
        const current = await lockOperator(tx, operatorId);
        const next = [...new Set(roles)];
        // An admin cannot take away their own admin role: the back office always keeps one.
        if (actor.operatorId === operatorId && current.roles.includes('admin') && !next.includes('admin')) {
          throw new AppError('OperatorSelfChange');
        }
        const [updated] = await tx
          .update(operators)
          .set({ roles: next, updatedAt: sql`now()` })
          .where(eq(operators.id, operatorId))
          .returning();
        await audit(tx, actor, 'operator.roles.update', operatorId, { roles: current.roles }, { roles: next }, reason);
        return operatorRow(updated!);
      });
    },

    async setDisabled(actor, operatorId, disabled, reason) {
      if (actor.operatorId === operatorId) throw new AppError('OperatorSelfChange');
      return db.transaction(async (tx) => {
        const current = await lockOperator(tx, operatorId);
        const [updated] = await tx
          .update(operators)
          .set({ disabledAt: disabled ? (current.disabledAt ?? sql`now()`) : null, updatedAt: sql`now()` })
          .where(eq(operators.id, operatorId))
          .returning();
        if (disabled) await sessions.revokeAllFor(tx, operatorId);
        await audit(
          tx,
          actor,
          disabled ? 'operator.disable' : 'operator.enable',
          operatorId,
          { disabled: current.disabledAt !== null },
          { disabled },
          reason,
        );
        return operatorRow(updated!);
      });
    },

    async resetTwoFactor(actor, operatorId, reason) {
      return db.transaction(async (tx) => {
        const current = await lockOperator(tx, operatorId);
        const [updated] = await tx
          .update(operators)
          .set({ totpSecret: null, totpEnrolledAt: null, updatedAt: sql`now()` })
          .where(eq(operators.id, operatorId))
          .returning();
        await sessions.revokeAllFor(tx, operatorId);
        await tx
          .update(operatorLoginChallenges)
          .set({ usedAt: sql`now()` })
          .where(and(eq(operatorLoginChallenges.operatorId, operatorId), isNull(operatorLoginChallenges.usedAt)));
        await audit(
          tx,
          actor,
          'operator.two_factor.reset',
          operatorId,
          { twoFactorEnrolled: current.totpEnrolledAt !== null },
          { twoFactorEnrolled: false },
          reason,
        );
        return operatorRow(updated!);
      });
    },
  };
}
