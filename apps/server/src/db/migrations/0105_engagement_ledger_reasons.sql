-- Engagement credits bonus coins for promo codes, referrals and rakeback; the reasons
-- are added here once so that the features adding them do not each rewrite the check.
alter table ledger_transfers drop constraint ledger_transfers_reason_check;
alter table ledger_transfers add constraint ledger_transfers_reason_check check (reason in (
  'welcome_bonus', 'daily_bonus', 'bet', 'win', 'bet_rollback', 'purchase', 'redemption_pending',
  'redemption_cancelled', 'redemption_paid', 'redemption_failed', 'vip_reward', 'spin_wheel', 'adjustment',
  'promo_code', 'referral_reward', 'rakeback'
));
