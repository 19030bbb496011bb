-- The seamless wallet's win (money/wallet/service.ts), under the player's lock. A repeated
-- transaction id answers its first answer (wallet_begin). A win pays a round this player bet on, in
-- the coin of that bet, once (BetNotFound, RoundMismatch, BetAlreadyRolledBack, RoundClosed
-- otherwise), and is at most the game's limit times the round's recorded bets
-- (docs/decisions/058-win-limits.md), checked before anything is paid: a win above it is refused
-- and recorded (wallet_win_limit_refusal), and the round stays open. Then the win is paid
-- (wallet_pay_win; a zero win is a loss, without a movement) and the round settled. SECURITY
-- DEFINER and executable by the server's role.
create or replace function wallet_win(
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
$function$;

revoke execute on function wallet_win(text, text, text, bigint, bigint, text, text, bigint) from public;
grant execute on function wallet_win(text, text, text, bigint, bigint, text, text, bigint) to casino_app;
