import type { OperatorRole } from '@casino/contracts/admin';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Operators of the back office (migration 0130): not players, with their own sessions. */
export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** argon2id. */
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().$type<OperatorRole[]>().notNull(),
    /** The TOTP secret sealed with AES-256-GCM (modules/admin/secret-box.ts); null until enrolled. */
    totpSecret: text('totp_secret'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted (replay refused). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references((): AnyPgColumn => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('operators_email_lower_key').on(sql`lower(${table.email})`)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    /** SHA-256 of the cookie token. */
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

/** Between the right password and the right TOTP code (migration 0130). */
export const operatorLoginChallenges = pgTable(
  'operator_login_challenges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** A new secret (sealed) that this sign-in enrols, confirmed by its first code. */
    enrolSecret: text('enrol_secret'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('operator_login_challenges_operator_idx').on(table.operatorId, table.createdAt)],
);

/** The append-only audit trail (migration 0131): the database refuses UPDATE, DELETE and TRUNCATE. */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    operatorEmail: text('operator_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('operator_audit_log_at_idx').on(table.at.desc(), table.id.desc()),
    index('operator_audit_log_operator_idx').on(table.operatorId, table.at.desc(), table.id.desc()),
    index('operator_audit_log_target_idx').on(table.targetType, table.targetId, table.at.desc(), table.id.desc()),
  ],
);
