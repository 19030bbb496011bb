-- The back office's reports read a date range of rounds, purchases and
-- redemptions. Each has an index on its time, covering the columns the report sums, so a report is
-- an index range scan (an index-only scan once the visibility map is set) and never a full scan.
-- Settled rounds only: an open round's win is not known yet, a rolled-back one never happened.
create index casino_bets_settled_created_idx on casino_bets (created_at)
  include (game_id, coin, bet_amount, win_amount) where status = 'settled';
-- Paid purchases (status 1, seed 001's numbers).
create index payment_intents_paid_created_idx on payment_intents (created_at) include (amount) where status = 1;
create index redemptions_created_idx on redemptions (created_at) include (amount, status);
