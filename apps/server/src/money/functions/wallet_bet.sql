-- The seamless wallet's bet, in one database call as each of its calls is
-- (docs/decisions/064-money-path-speed.md). In order: the player's lock, the transaction id
-- (wallet_begin), a rollback that came ahead of the bet (BetAlreadyRolledBack), the round (of
-- another player or coin: RoundMismatch; closed: RoundClosed), then the bet itself
-- (wallet_take_bet: responsible play, the ledger's debit, the wallet's record, the SC bet day and
-- the BetPlaced event) and the round's bet row, opened or added to (a round may have several bets).
--
-- The rules are those of money/wallet/service.ts, which calls it and turns its {"error": ...}
-- answers into API errors. SECURITY DEFINER and executable by the server's role.
create or replace function wallet_bet(
  p_transaction_id text,
  p_fingerprint text,
  p_ledger_fingerprint text,
  p_user_id bigint,
  p_game_id bigint,
  p_round_id text,
  p_coin text,
  p_amount bigint
)
  returns jsonb
  language plpgsql
  security definer
  set search_path from current
as $function$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  rnd casino_bets;
  answer jsonb;
begin
  if early is not null then return early; end if;
  -- A rollback that arrived first cancels this bet before it happens.
  perform 1 from casino_wallet_transactions where rolls_back_transaction_id = p_transaction_id;
  if found then return jsonb_build_object('error', 'BetAlreadyRolledBack'); end if;
  select * into rnd from casino_bets where game_id = p_game_id and round_id = p_round_id;
  if found and (rnd.user_id <> p_user_id or rnd.coin <> p_coin) then return jsonb_build_object('error', 'RoundMismatch'); end if;
  if found and rnd.status <> 'open' then return jsonb_build_object('error', 'RoundClosed'); end if;
  answer := wallet_take_bet(a, p_transaction_id, p_fingerprint, p_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount);
  if answer ? 'error' then return answer; end if;
  insert into casino_bets (user_id, game_id, round_id, coin, bet_amount, status, created_at, updated_at)
  values (p_user_id, p_game_id, p_round_id, p_coin, p_amount, 'open', now(), now())
  on conflict (game_id, round_id) do update set bet_amount = casino_bets.bet_amount + excluded.bet_amount, updated_at = now();
  return answer;
end
$function$;

revoke execute on function wallet_bet(text, text, text, bigint, bigint, text, text, bigint) from public;
grant execute on function wallet_bet(text, text, text, bigint, bigint, text, text, bigint) to casino_app;
