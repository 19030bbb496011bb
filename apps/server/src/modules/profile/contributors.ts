import type { DbExecutor } from '../../db/client.js';

/**
 * @deprecated The profile is built from typed parts (service.ts, packages/contracts/src/profile.ts);
 * nothing registers contributors any more. This type stays only because
 * ledger/user-wallet.ts's unused walletProfileContributor still names it; delete both together.
 */
export type ProfileContributor = (userId: number, db: DbExecutor) => Promise<Record<string, unknown>>;
