import { eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from './client.js';
import { seedVersions } from './schema/index.js';

/**
 * Demo content, written once (docs/decisions/008). Each feature owns a seed step: a name and its
 * versions in order, like migrations for content. On start the runner writes, for each step, only
 * the versions above the one recorded in seed_versions (migration 0060), then records the new
 * version, all in one transaction. So an empty database gets everything; a restart writes nothing;
 * raising a step's version adds that version's content and leaves the rows an operator edited or
 * deleted alone, unless that version's own code says to change them.
 *
 * Each feature owns its steps (modules/<feature>/seed.ts); the composition lists them in order
 * (demo-content.ts), so this runner knows no feature. Demo content never goes into a production
 * database unless SEED_DEMO=true (config.ts).
 */
export interface SeedVersion {
  version: number;
  /** What this version adds or changes, for the log. */
  description: string;
  apply(db: DbExecutor): Promise<void>;
}

export interface SeedStep {
  /** The key in seed_versions. */
  name: string;
  /** In rising version order, starting at 1. */
  versions: readonly SeedVersion[];
}

/** Several server processes starting together seed once: the second waits, then finds it done. */
const SEED_LOCK_ID = 727_274_060;

export interface SeedLog {
  info(object: unknown, message: string): void;
}

export interface SeedResult {
  /** Versions written now, as 'step@version'. */
  applied: string[];
  skipped?: 'production';
}

export async function runSeedSteps(db: Database, steps: readonly SeedStep[], log?: SeedLog): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Another process may be seeding: wait for it without the pool's lock limit (db/client.ts).
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const applied: string[] = [];
    for (const step of steps) {
      const [recorded] = await tx.select({ version: seedVersions.version }).from(seedVersions).where(eq(seedVersions.step, step.name));
      const from = recorded?.version ?? 0;
      const pending = step.versions.filter((version) => version.version > from).sort((a, b) => a.version - b.version);
      if (pending.length === 0) continue;
      for (const version of pending) {
        await version.apply(tx);
        applied.push(`${step.name}@${version.version}`);
        log?.info({ step: step.name, version: version.version }, `seed: ${version.description}`);
      }
      const to = pending.at(-1)!.version;
      await tx
        .insert(seedVersions)
        .values({ step: step.name, version: to })
        .onConflictDoUpdate({ target: seedVersions.step, set: { version: to, appliedAt: sql`now()` } });
    }
    return { applied };
  });
}
