-- A credit taken back (docs/decisions/056-referral-rewards-held-for-review.md):
-- a refunded or charged-back purchase takes its coins back, and the referral reward it earned.
--
-- ledger_move_locked gains one operation, reverseCredit: the transfer under p_reverses_key (a
-- purchase or a referral reward of the player) is reversed once (the unique reverses_transfer_id,
-- as a bet's rollback), each of its player legs taken back from the account it went to, but never
-- more than that account holds now: coins already played stay played, and the caller records what
-- could not be taken back. The house legs return to the account the credit came from (PURCHASES,
-- PROMOTIONS). Everything else in the function is as migration 0127 wrote it. The transfer's
-- reason is purchase_reversal or referral_reward_reversal.
alter table ledger_transfers drop constraint ledger_transfers_reason_check;
alter table ledger_transfers add constraint ledger_transfers_reason_check check (reason in (
  'welcome_bonus', 'daily_bonus', 'bet', 'win', 'bet_rollback', 'purchase', 'redemption_pending',
  'redemption_cancelled', 'redemption_paid', 'redemption_failed', 'vip_reward', 'spin_wheel', 'adjustment',
  'promo_code', 'referral_reward', 'rakeback', 'purchase_reversal', 'referral_reward_reversal'
));
