import { accountTexts, type Gender, type ProfileUpdateResult } from '@casino/contracts/account';
import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { profileImages, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { SessionService } from '../../kernel/sessions/session-service.js';
import { usCities } from '../billing/us-places.js';
import { reencodeAvatar } from './avatar.js';

/** The fields PUT /user/profile saves, from the account form or the billing-details step. */
export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  addressLine_1: string;
  addressLine_2: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  email?: string | undefined;
  /** The account form's; the billing step sends none and the saved one stays. */
  gender?: Gender | undefined;
}

function invalid(field: string, message: string): AppError {
  return new AppError('RequestInputValidation', message, { issues: [{ field: `body.${field}`, message }] });
}

/** First name, last name and date of birth are read-only once set (seed 001 section 2 'Account Settings'). */
const lockedOnceSet = [
  { field: 'firstName', column: 'firstName', label: 'First name' },
  { field: 'lastName', column: 'lastName', label: 'Last name' },
  { field: 'dateOfBirth', column: 'dateOfBirth', label: 'Date of birth' },
] as const;

export interface AccountService {
  /** PUT /user/profile: one path for the account form, the complete-profile modal and the billing step. */
  updateProfile(userId: number, update: ProfileUpdate): Promise<ProfileUpdateResult>;
  /**
   * PUT /user/changePassword: checks the old password (3038), stores the new hash, ends the
   * player's other sessions and their sockets, and rotates the current session's token.
   */
  changePassword(
    user: { id: number; sessionId: number },
    passwords: { oldPassword: string; newPassword: string },
  ): Promise<{ token: string; expiresAt: Date }>;
  /** POST /user/upload-image: the re-encoded avatar replaces the old one; answers its address. */
  uploadAvatar(userId: number, file: Buffer): Promise<string>;
  /** The avatar's bytes for its owner only; null for anyone else or an old id. */
  avatar(userId: number, imageId: string): Promise<{ contentType: string; bytes: Buffer } | null>;
}

export const AVATAR_PATH_PREFIX = '/api/v1/user/profile-image/';

export function createAccountService(db: Database, sessions: SessionService, bus: EventBus): AccountService {
  return {
    async updateProfile(userId, update) {
      // The state and city come from the same lists as the forms' selects (GET /details/state, /details/city).
      const cities = await usCities(Number(update.state));
      if (!cities) throw invalid('state', 'State is required');
      if (!cities.some((city) => city.name === update.city)) throw invalid('city', 'City is required');

      return db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) throw new AppError('SessionInvalid');
        for (const { field, column, label } of lockedOnceSet) {
          const current = user[column];
          if (current && current !== update[field]) throw invalid(field, accountTexts.readOnly.replace('{field}', label));
        }
        const email = update.email?.trim();
        if (email && email.toLowerCase() !== user.email.toLowerCase()) {
          // An address another account holds is 3007 (seed 001 section 8); otherwise the e-mail is read-only.
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
            .limit(1);
          if (taken)
            throw new AppError('EmailAlreadyExists', accountTexts.emailTaken, {
              issues: [{ field: 'body.email', message: accountTexts.emailTaken }],
            });
          throw invalid('email', accountTexts.readOnly.replace('{field}', 'E-mail'));
        }
        const saved: ProfileUpdateResult = {
          firstName: update.firstName,
          lastName: update.lastName,
          dateOfBirth: update.dateOfBirth,
          addressLine_1: update.addressLine_1,
          addressLine_2: update.addressLine_2,
          city: update.city,
          state: update.state,
          country: update.country,
          zipCode: update.zipCode,
          ...(update.gender ? { gender: update.gender } : {}),
        };
        await tx
          .update(users)
          .set({
            firstName: saved.firstName,
            lastName: saved.lastName,
            dateOfBirth: saved.dateOfBirth,
            addressLine1: saved.addressLine_1,
            addressLine2: saved.addressLine_2,
            city: saved.city,
            state: saved.state,
            country: saved.country,
            zipCode: saved.zipCode,
            ...(update.gender ? { gender: update.gender } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId));
        return saved;
      });
    },

    async changePassword(user, { oldPassword, newPassword }) {
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      // A Google account that never set a password has no old password to match.
      if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, oldPassword))) throw new AppError('OldPasswordWrong');
      const passwordHash = await hashPassword(newPassword);
      const result = await bus.run(async ({ tx, record }) => {
        // The hash checked above must still be the stored one: two changes at once cannot both win.
        const updated = await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(and(eq(users.id, user.id), eq(users.passwordHash, row.passwordHash!)))
          .returning({ id: users.id });
        if (updated.length === 0) throw new AppError('OldPasswordWrong');
        await record({ type: 'PasswordChanged', payload: { userId: user.id, via: 'account' } });
        return sessions.endOthersAndRotate(user.id, user.sessionId, tx);
      });
      sessions.cutEnded(result.endedSessionIds);
      return { token: result.token, expiresAt: result.expiresAt };
    },

    async uploadAvatar(userId, file) {
      const image = await reencodeAvatar(file);
      const id = randomBytes(16).toString('hex');
      const path = `${AVATAR_PATH_PREFIX}${id}`;
      await db.transaction(async (tx) => {
        await tx
          .insert(profileImages)
          .values({ id, userId, contentType: image.contentType, bytes: image.bytes })
          .onConflictDoUpdate({
            target: profileImages.userId,
            set: { id, contentType: image.contentType, bytes: image.bytes, createdAt: new Date() },
          });
        await tx.update(users).set({ profileImage: path, updatedAt: new Date() }).where(eq(users.id, userId));
      });
      return path;
    },

    async avatar(userId, imageId) {
      const [row] = await db
        .select({ contentType: profileImages.contentType, bytes: profileImages.bytes })
        .from(profileImages)
        .where(and(eq(profileImages.id, imageId), eq(profileImages.userId, userId)));
      return row ?? null;
    },
  };
}
