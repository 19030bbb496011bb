-- An instant round (a bet and its win) played check by check: the way of wallet_bet_win and
-- wallet_bet_win_group for anything but a new round that every check lets through
-- (wallet_plan_round). Under the player's lock the win's limit comes first, on the round's open
-- bets with this one, before the bet is taken: a win above it is refused whole
-- (wallet_win_limit_refusal) and no bet is taken.
--
-- A round that is not new (a repeated bet id or win id, a bet a rollback came ahead of, a round
-- that has a bet) is played as wallet_bet then wallet_win, each with all its checks, so a replay
-- answers as they do; a repeated bet moves nothing, so its win meets wallet_win's own limit check.
-- A new round is its bet (wallet_take_bet), its win from the balances the bet left (wallet_pay_win)
-- and its bet row, written once, settled. SECURITY DEFINER and the owner's alone: the server
-- reaches it through wallet_bet_win and wallet_bet_win_group.
create or replace function wallet_bet_win_checked(
  p_transaction_id text,
  p_fingerprint text,
  p_ledger_fingerprint text,
  p_win_transaction_id text,
  p_win_fingerprint text,
  p_win_ledger_fingerprint text,
  p_user_id bigint,
  p_game_id bigint,
  p_round_id text,
  p_coin text,
  p_amount bigint,
  p_win_amount bigint
)
  returns jsonb
  language plpgsql
  security definer
  set search_path from current
as $function$
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
$function$;

revoke execute on function wallet_bet_win_checked(text, text, text, text, text, text, bigint, bigint, text, text, bigint, bigint) from public;
