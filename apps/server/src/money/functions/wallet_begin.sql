-- The start of every wallet call, once the caller holds the player's lock (`a`, from
-- ledger_lock_player; null when there is no such player): a repeated transaction id answers its
-- first answer, or is refused when the request differs (IdempotencyKeyReused), and the game must
-- exist. Null: go on. Called by wallet_bet, wallet_win, wallet_rollback and wallet_bet_win_checked.
create or replace function wallet_begin(
  a ledger_player_accounts,
  p_transaction_id text,
  p_fingerprint text,
  p_game_id bigint
)
  returns jsonb
  language plpgsql
as $function$
declare
  earlier casino_wallet_transactions;
begin
  if a is null then return jsonb_build_object('error', 'NotFound', 'message', 'No such player.'); end if;
  select * into earlier from casino_wallet_transactions where transaction_id = p_transaction_id;
  if found then
    if earlier.fingerprint <> p_fingerprint then return jsonb_build_object('error', 'IdempotencyKeyReused'); end if;
    return wallet_answer(earlier, true, '{}', null);
  end if;
  perform 1 from casino_games where id = p_game_id;
  if not found then return jsonb_build_object('error', 'GameNotFound'); end if;
  return null;
end
$function$;
