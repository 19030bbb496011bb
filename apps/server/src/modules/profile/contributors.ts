import type { DbExecutor } from '../../db/client.js';

/**
 * GET /user/profile is assembled from several features: the account itself (auth), the wallet
 * (userWallet), bonuses (isDailyBonusClaimed, ...), later VIP and limits. Each feature registers a
 * contributor that returns its fields for a player; the profile route merges them. This keeps the
 * account module from reaching into every other feature.
 */
export type ProfileContributor = (userId: number, db: DbExecutor) => Promise<Record<string, unknown>>;

export class ProfileContributors {
  private readonly contributors: ProfileContributor[] = [];

  register(contributor: ProfileContributor): void {
    this.contributors.push(contributor);
  }

  async collect(userId: number, db: DbExecutor): Promise<Record<string, unknown>> {
    const parts = await Promise.all(this.contributors.map((contributor) => contributor(userId, db)));
    return Object.assign({}, ...parts) as Record<string, unknown>;
  }
}
