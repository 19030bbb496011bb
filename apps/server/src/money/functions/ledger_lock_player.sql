-- Takes the player's lock and reads their five accounts (created on first use); null when there is
-- no such player. The lock is one row, the player's GC account, taken `for no key update` by every
-- movement of the player before anything else: so movements of one player run one after the other,
-- and each reads the balances the previous one committed (READ COMMITTED: every statement after the
-- lock sees them). One row locked instead of five: a row lock is written to the WAL, and the commit
-- that follows waits for it. The rows a movement changes are locked again by its update.
--
-- Every money function of a player starts with it, save ledger_move's fast way for GC, whose update
-- takes the same lock. SECURITY DEFINER, and the server's role may call it: locking a row takes the
-- right to update it, which casino_app does not have on the ledger, and a business action that
-- decides on a player's balances before moving them (a redemption, an adjustment, a reward) takes
-- the lock first through it (money/ledger/ledger-service.ts, lockPlayer).
create or replace function ledger_lock_player(p_user_id bigint)
  returns ledger_player_accounts
  language plpgsql
  security definer
  set search_path from current
as $function$
declare
  result ledger_player_accounts;
  account record;
  found_count int;
begin
  for attempt in 1..2 loop
    -- The player's lock: their GC account row. Every movement of the player takes it first.
    perform 1 from ledger_accounts where user_id = p_user_id and kind = 'GC' for no key update;
    if found then
      found_count := 0;
      for account in select id, kind, balance from ledger_accounts where user_id = p_user_id loop
        found_count := found_count + 1;
        case account.kind
          when 'GC' then result.id_gc := account.id; result.gc := account.balance;
          when 'SC_BONUS' then result.id_bsc := account.id; result.bsc := account.balance;
          when 'SC_UNPLAYED' then result.id_psc := account.id; result.psc := account.balance;
          when 'SC_REDEEMABLE' then result.id_wsc := account.id; result.wsc := account.balance;
          when 'SC_PENDING_REDEMPTION' then result.id_pending := account.id; result.pending := account.balance;
        end case;
      end loop;
      if found_count = 5 then return result; end if;
    end if;
    if attempt = 2 then raise exception 'player % has % ledger accounts after creating them', p_user_id, found_count; end if;
    perform 1 from users where id = p_user_id;
    if not found then return null; end if;
    insert into ledger_accounts (user_id, kind, coin, balance)
    select p_user_id, kinds.kind, kinds.coin, 0
    from (values ('GC', 'GC'), ('SC_BONUS', 'SC'), ('SC_UNPLAYED', 'SC'), ('SC_REDEEMABLE', 'SC'), ('SC_PENDING_REDEMPTION', 'SC'))
      as kinds (kind, coin)
    on conflict do nothing;
  end loop;
  return result;
end
$function$;

revoke execute on function ledger_lock_player(bigint) from public;
grant execute on function ledger_lock_player(bigint) to casino_app;
