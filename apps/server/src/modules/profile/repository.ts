import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The profile's queries (docs/ARCHITECTURE.md 'Data layer'): the service holds the rules, this the SQL. */
export type UserRow = typeof users.$inferSelect;

export function createProfileRepository(db: Database) {
  return {
    findUser: async (userId: number): Promise<UserRow | undefined> => db.query.users.findFirst({ where: eq(users.id, userId) }),
  };
}
