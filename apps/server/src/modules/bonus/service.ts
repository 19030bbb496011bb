import type { BonusClaim, BonusSummary, BonusType, DailyBonus, WelcomeBonus } from '@casino/contracts/bonus';
import type { ProfileBonus } from '@casino/contracts/profile';
import { fromHundredths } from '@casino/contracts/money';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { bonusSettings, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { assertMayPlay } from '../../kernel/responsible-play/enforcement.js';
import type { EventBus } from '../../events/event-bus.js';
import type { LedgerService } from '../../money/ledger/types.js';
import { userWalletOf } from '../../money/ledger/user-wallet.js';

/**
 * Welcome and daily bonus (seed 000 sections 3 and 4).
 *
 * - Amounts and the on/off switch are rows of bonus_settings (seeded, operator-editable).
 * - The welcome bonus is claimed once per player, and only when allowed: the bonus is active and
 *   the player's e-mail is verified (an unverified address is how duplicate accounts farm bonuses).
 * - The daily bonus is claimed once per UTC calendar day (00:00:00Z to 23:59:59Z), the same day
 *   for every player wherever they are.
 * - A claim is a ledger credit whose idempotency key names the bonus, the player and the day, so
 *   the ledger's unique key makes it happen once however many requests race; GC goes to GC and
 *   SC to the bonus balance (bsc).
 */
interface Setting {
  gcAmount: number;
  scAmount: number;
  isActive: boolean;
}

export interface BonusService {
  welcome(userId: number): Promise<WelcomeBonus>;
  daily(userId: number, now?: Date): Promise<DailyBonus>;
  all(userId: number, now?: Date): Promise<{ rows: BonusSummary[]; count: number }>;
  claimWelcome(userId: number): Promise<BonusClaim>;
  claimDaily(userId: number, now?: Date): Promise<BonusClaim>;
  /** The bonus part of GET /user/profile: isWelcomeBonusClaimed, isWelcomeBonusAllowed, isDailyBonusClaimed. */
  profileFlags(userId: number, now?: Date): Promise<ProfileBonus>;
}

export function welcomeBonusKey(userId: number): string {
  return `bonus:welcome:${userId}`;
}

/** The daily bonus of one UTC day: `bonus:daily:<userId>:<YYYY-MM-DD>`. */
export function dailyBonusKey(userId: number, now: Date): string {
  return `bonus:daily:${userId}:${now.toISOString().slice(0, 10)}`;
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export function createBonusService(db: Database, bus: EventBus, ledger: LedgerService): BonusService {
  async function setting(type: BonusType, executor: DbExecutor = db): Promise<Setting> {
    const row = await executor.query.bonusSettings.findFirst({ where: eq(bonusSettings.bonusType, type) });
    if (!row) return { gcAmount: 0, scAmount: 0, isActive: false };
    // A bonus of nothing is no bonus: never offer a dialog that would credit zero.
    return { gcAmount: row.gcAmount, scAmount: row.scAmount, isActive: row.isActive && row.gcAmount + row.scAmount > 0 };
  }

  async function emailVerified(userId: number, executor: DbExecutor = db): Promise<boolean> {
    const user = await executor.query.users.findFirst({ where: eq(users.id, userId), columns: { emailVerifiedAt: true } });
    return Boolean(user?.emailVerifiedAt);
  }

  async function claimed(key: string, executor: DbExecutor = db): Promise<boolean> {
    return (await ledger.findTransfer(key, executor)) !== null;
  }

  /**
   * One claim is one transaction: the player's lock, the "claimed already?" check, the ledger
   * credit and the BonusCredited event commit together; the ledger's unique key makes a claim
   * happen once however many requests race.
   */
  async function claim(userId: number, type: BonusType, key: string, amounts: Setting): Promise<BonusClaim> {
    try {
      return await bus.run(async ({ tx, record }) => {
        await ledger.lockPlayer(tx, userId);
        // No bonus during a time break or self-exclusion.
        await assertMayPlay(tx, userId);
        if (await claimed(key, tx)) throw new AppError('BonusAlreadyClaimed');
        const result = await ledger.creditBonus(tx, {
          userId,
          gc: amounts.gcAmount,
          sc: amounts.scAmount,
          reason: type === 'welcome' ? 'welcome_bonus' : 'daily_bonus',
          idempotencyKey: key,
          reference: type,
        });
        if (result.replayed) throw new AppError('BonusAlreadyClaimed');
        await record({
          type: 'BonusCredited',
          payload: { userId, bonusType: type, gc: amounts.gcAmount, sc: amounts.scAmount, transferId: result.transferId },
        });
        return {
          gcAmount: fromHundredths(amounts.gcAmount),
          scAmount: fromHundredths(amounts.scAmount),
          userWallet: userWalletOf(result.balancesAfter),
        };
      });
    } catch (error) {
      // The amounts changed between a racing claim and this one: it is still the same claim.
      if (error instanceof AppError && error.errorName === 'IdempotencyKeyReused') throw new AppError('BonusAlreadyClaimed');
      throw error;
    }
  }

  const service: BonusService = {
    async welcome(userId) {
      const [amounts, verified, isClaimed] = await Promise.all([
        setting('welcome'),
        emailVerified(userId),
        claimed(welcomeBonusKey(userId)),
      ]);
      return {
        gcAmount: fromHundredths(amounts.gcAmount),
        scAmount: fromHundredths(amounts.scAmount),
        isActive: amounts.isActive,
        isClaimed,
        isAllowed: amounts.isActive && verified && !isClaimed,
      };
    },

    async daily(userId, now = new Date()) {
      const [amounts, isClaimed] = await Promise.all([setting('daily'), claimed(dailyBonusKey(userId, now))]);
      return {
        gcAmount: fromHundredths(amounts.gcAmount),
        scAmount: fromHundredths(amounts.scAmount),
        isActive: amounts.isActive,
        isClaimed,
        nextClaimAt: nextUtcMidnight(now).toISOString(),
      };
    },

    async all(userId, now = new Date()) {
      const [welcome, daily] = await Promise.all([service.welcome(userId), service.daily(userId, now)]);
      const rows: BonusSummary[] = [
        {
          bonusType: 'welcome',
          gcAmount: welcome.gcAmount,
          scAmount: welcome.scAmount,
          isActive: welcome.isActive,
          isClaimed: welcome.isClaimed,
        },
        { bonusType: 'daily', gcAmount: daily.gcAmount, scAmount: daily.scAmount, isActive: daily.isActive, isClaimed: daily.isClaimed },
      ];
      return { rows, count: rows.length };
    },

    async claimWelcome(userId) {
      const amounts = await setting('welcome');
      if (!amounts.isActive) throw new AppError('BonusNotActive');
      if (!(await emailVerified(userId))) throw new AppError('BonusNotAllowed');
      return claim(userId, 'welcome', welcomeBonusKey(userId), amounts);
    },

    async claimDaily(userId, now = new Date()) {
      const amounts = await setting('daily');
      if (!amounts.isActive) throw new AppError('BonusNotActive');
      if (!(await emailVerified(userId))) throw new AppError('BonusNotAllowed');
      return claim(userId, 'daily', dailyBonusKey(userId, now), amounts);
    },

    async profileFlags(userId, now = new Date()) {
      const [welcome, verified, welcomeClaimed, dailyClaimed] = await Promise.all([
        setting('welcome'),
        emailVerified(userId),
        claimed(welcomeBonusKey(userId)),
        claimed(dailyBonusKey(userId, now)),
      ]);
      return {
        isWelcomeBonusClaimed: welcomeClaimed,
        // Allowed regardless of claimed: the start-up queue asks "not claimed and allowed".
        isWelcomeBonusAllowed: welcome.isActive && verified,
        isDailyBonusClaimed: dailyClaimed,
      };
    },
  };
  return service;
}
