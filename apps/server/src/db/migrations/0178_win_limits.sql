-- Every win has an upper bound (docs/decisions/058-win-limits.md).
--
-- A game server reported a win and the wallet paid it, whatever its size against its bet. Now a
-- win is at most its game's maximum win multiplier times the round's bet, and the rule is checked
-- where the win is paid, under the player's lock, in the wallet function's own transaction:
-- wallet_win checks it on the round's recorded bets, the checked round (wallet_bet_win_checked)
-- on the round's bets with the new one, before that bet is taken; the new-round paths of
-- wallet_bet_win and wallet_bet_win_group let through only a round within its limit and leave any
-- other to the checked round (0179).
--
-- A win above the limit is refused whole: nothing is paid, no bet is taken by the call that
-- carried it, the round stays as it was. The refusal commits its record in refused_wins, which the
-- money desk lists, and a money alert; the wallet service logs it at error level. A repeat of the
-- refused call (the same win transaction id) is refused again and records nothing more.

-- The game's maximum win as a multiple of the round's bet. An in-house title's is its math's
-- maximum, which the server writes at every start (modules/games/in-house-win-limits.ts); any
-- other game's is set here per game, and this default bounds a game nobody set. The back office
-- does not edit games: a game and its cap are written in the database.
alter table casino_games add column max_win_multiplier integer not null default 10000
  constraint casino_games_max_win_multiplier_check check (max_win_multiplier between 1 and 1000000);

-- Wins the wallet refused for being above their game's limit: one row per refused win
-- transaction, with the bet and the limit it was judged on. Append-only, like the audit trail.
create table refused_wins (
  id bigint primary key generated always as identity,
  -- The win's transaction id, as the game server sent it: its repeats record nothing more.
  transaction_id text not null constraint refused_wins_transaction_key unique,
  user_id bigint not null references users (id),
  game_id bigint not null,
  round_id text not null,
  coin text not null check (coin in ('GC', 'SC')),
  -- The round's bets, the win asked for, and the limit in force (max_win = bet_amount * max_win_multiplier).
  bet_amount bigint not null check (bet_amount > 0),
  win_amount bigint not null check (win_amount > max_win),
  max_win_multiplier integer not null,
  max_win bigint not null,
  created_at timestamptz not null default now()
);
create index refused_wins_created_idx on refused_wins (created_at desc, id desc);

create function refused_wins_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'refused wins are kept as recorded: % of refused_wins is refused', tg_op;
end
$$;
create trigger refused_wins_append_only before update or delete on refused_wins
  for each row execute function refused_wins_append_only();
create trigger refused_wins_no_truncate before truncate on refused_wins
  for each statement execute function refused_wins_append_only();
revoke update, delete, truncate on refused_wins from casino_app;

-- The rule: a win of `p_win` on a round whose bets are `p_bet` is within its game's limit. False
-- for a game that does not exist. A plain SQL expression, so that it is inlined into the query of
-- a new round's checks.
create function wallet_win_within_limit(p_game_id bigint, p_bet bigint, p_win bigint) returns boolean
language sql stable as $$
  select coalesce((select p_win <= p_bet * g.max_win_multiplier from casino_games g where g.id = p_game_id), false)
$$;

-- A win above its game's limit, refused: its record and its money alert, then the refusal the
-- wallet service answers (WinAboveLimit). Null when the win is within the limit.
create function wallet_win_limit_refusal(
  p_transaction_id text, p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_bet bigint, p_win bigint
) returns jsonb
language plpgsql as $$
declare
  game casino_games;
  refused_id bigint;
begin
  if wallet_win_within_limit(p_game_id, p_bet, p_win) then return null; end if;
  select * into game from casino_games where id = p_game_id;
  if not found then return jsonb_build_object('error', 'GameNotFound'); end if;
  insert into refused_wins (transaction_id, user_id, game_id, round_id, coin, bet_amount, win_amount, max_win_multiplier, max_win)
  values (p_transaction_id, p_user_id, p_game_id, p_round_id, p_coin, p_bet, p_win, game.max_win_multiplier,
    p_bet * game.max_win_multiplier)
  on conflict (transaction_id) do nothing
  returning id into refused_id;
  if refused_id is not null then
    insert into money_alerts (kind, summary)
    values ('win_above_limit', format(
      'Refused a win of %s %s on a bet of %s %s: above the maximum of %s %s (%sx the bet) of %s (game %s), round %s, player %s.',
      to_char(p_win / 100.0, 'FM999,999,999,999,990.00'), p_coin, to_char(p_bet / 100.0, 'FM999,999,999,999,990.00'), p_coin,
      to_char(p_bet * game.max_win_multiplier / 100.0, 'FM999,999,999,999,990.00'), p_coin,
      to_char(game.max_win_multiplier, 'FM9,999,990'), game.name, p_game_id, p_round_id, p_user_id));
  end if;
  return jsonb_build_object(
    'error', 'WinAboveLimit', 'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin,
    'betAmount', p_bet, 'winAmount', p_win, 'maxWin', p_bet * game.max_win_multiplier, 'maxWinMultiplier', game.max_win_multiplier,
    'refusedWinId', refused_id);
end
$$;

-- 0155's wallet_win, with the limit checked on the round's recorded bets before anything is paid.
create or replace function wallet_win(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint
) returns jsonb
language plpgsql security definer as $$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  rnd casino_bets;
  refusal jsonb;
  answer jsonb;
begin
  if early is not null then return early; end if;
  -- A win pays a round this player bet on, in the coin of that bet, once.
  select * into rnd from casino_bets where game_id = p_game_id and round_id = p_round_id;
  if not found then return jsonb_build_object('error', 'BetNotFound'); end if;
  if rnd.user_id <> p_user_id or rnd.coin <> p_coin then return jsonb_build_object('error', 'RoundMismatch'); end if;
  if rnd.status = 'rolled_back' then return jsonb_build_object('error', 'BetAlreadyRolledBack'); end if;
  if rnd.status = 'settled' then return jsonb_build_object('error', 'RoundClosed'); end if;
  -- At most the game's limit times the round's bets; a refusal leaves the round open.
  refusal := wallet_win_limit_refusal(p_transaction_id, p_user_id, p_game_id, p_round_id, p_coin, rnd.bet_amount, p_amount);
  if refusal is not null then return refusal; end if;
  answer := wallet_pay_win(a, p_transaction_id, p_fingerprint, p_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount);
  if answer ? 'error' then return answer; end if;
  update casino_bets
  set win_amount = p_amount, status = 'settled', updated_at = now(), won_at = case when p_amount > 0 then now() else won_at end
  where id = rnd.id;
  return answer;
end
$$;

-- 0155's round (renamed wallet_bet_win_checked by 0161), with the limit checked before a new bet
-- is taken: on the round's open bets with this one. A repeated bet moved nothing before and moves
-- nothing now, so its win meets wallet_win's own check.
create or replace function wallet_bet_win_checked(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_win_transaction_id text, p_win_fingerprint text, p_win_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint, p_win_amount bigint
) returns jsonb
language plpgsql security definer as $$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  after_bet ledger_player_accounts;
  bet_row_id bigint;
  refusal jsonb;
  bet jsonb;
  win jsonb;
begin
  if early is null then
    refusal := wallet_win_limit_refusal(p_win_transaction_id, p_user_id, p_game_id, p_round_id, p_coin,
      p_amount + coalesce((
        select bet_amount from casino_bets
        where game_id = p_game_id and round_id = p_round_id and user_id = p_user_id and coin = p_coin and status = 'open'), 0),
      p_win_amount);
    if refusal is not null then return refusal; end if;
    perform 1 from casino_wallet_transactions
    where rolls_back_transaction_id = p_transaction_id or transaction_id = p_win_transaction_id;
    if not found then
      perform 1 from casino_bets where game_id = p_game_id and round_id = p_round_id;
    end if;
  end if;
  if early is not null or found then
    -- Not a new round: the two calls, each with all its checks.
    bet := wallet_bet(p_transaction_id, p_fingerprint, p_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount);
    if bet ? 'error' then return bet; end if;
    win := wallet_win(p_win_transaction_id, p_win_fingerprint, p_win_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_win_amount);
    -- Only a repeated bet can meet a refused win (a round that another win settled): the bet
    -- moved nothing this time, so the refusal is the answer.
    if win ? 'error' then return win; end if;
    return jsonb_build_object('bet', bet, 'win', win);
  end if;

  -- A new round of this player: its bet, then its win from the balances the bet left.
  bet := wallet_take_bet(a, p_transaction_id, p_fingerprint, p_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount);
  if bet ? 'error' then return bet; end if;
  after_bet := a;
  after_bet.gc := (bet->'balances'->>'gc')::bigint;
  after_bet.bsc := (bet->'balances'->>'bsc')::bigint;
  after_bet.psc := (bet->'balances'->>'psc')::bigint;
  after_bet.wsc := (bet->'balances'->>'wsc')::bigint;
  win := wallet_pay_win(after_bet, p_win_transaction_id, p_win_fingerprint, p_win_ledger_fingerprint,
    p_user_id, p_game_id, p_round_id, p_coin, p_win_amount);
  -- A win credits an account: only a broken invariant refuses it, and the whole call with it.
  if win ? 'error' then raise exception 'a new round''s win was refused: %', win; end if;
  -- The round's bet row, written once and settled. Another call that opened this round at the
  -- same moment (another player's lock, so not excluded by ours) makes this call fail whole.
  insert into casino_bets (user_id, game_id, round_id, coin, bet_amount, win_amount, status, created_at, updated_at, won_at)
  values (p_user_id, p_game_id, p_round_id, p_coin, p_amount, p_win_amount, 'settled', now(), now(),
    case when p_win_amount > 0 then now() end)
  on conflict (game_id, round_id) do nothing
  returning id into bet_row_id;
  if bet_row_id is null then raise exception 'round % of game % was opened by another call at the same time', p_round_id, p_game_id; end if;
  return jsonb_build_object('bet', bet, 'win', win);
end
$$;

-- The money functions run as the tables' owner with the search path of the schema they were
-- created in, whoever calls them.
do $$
begin
  execute format('alter function wallet_win(text, text, text, bigint, bigint, text, text, bigint) set search_path = %I, pg_temp',
    current_schema());
  execute format('alter function wallet_bet_win_checked(text, text, text, text, text, text, bigint, bigint, text, text, bigint, bigint) '
    'set search_path = %I, pg_temp', current_schema());
end
$$;
