-- A credit taken back (docs/decisions/056-referral-rewards-held-for-review.md): a refunded or
-- charged-back purchase takes its coins back, and the referral reward it earned. The ledger's
-- reasons gain purchase_reversal and referral_reward_reversal, the reasons of the transfers of
-- ledger_move_locked's reverseCredit operation (money/functions/ledger_move_locked.sql): the credit
-- is reversed once, each of its player legs taken back from the account it went to but never more
-- than that account holds now, and its house legs returned to the account it came from.
alter table ledger_transfers drop constraint ledger_transfers_reason_check;
alter table ledger_transfers add constraint ledger_transfers_reason_check check (reason in (
  'welcome_bonus', 'daily_bonus', 'bet', 'win', 'bet_rollback', 'purchase', 'redemption_pending',
  'redemption_cancelled', 'redemption_paid', 'redemption_failed', 'vip_reward', 'spin_wheel', 'adjustment',
  'promo_code', 'referral_reward', 'rakeback', 'purchase_reversal', 'referral_reward_reversal'
));
