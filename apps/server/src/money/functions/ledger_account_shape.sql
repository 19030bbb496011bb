-- Trigger: a ledger account has a shape the ledger knows. A player's account (user_id set) is GC in
-- GC, or SC_BONUS, SC_UNPLAYED, SC_REDEEMABLE or SC_PENDING_REDEMPTION in SC; a house account
-- (user_id null) is PROMOTIONS, PURCHASES, GAME_PLAY, PAYOUTS or ADJUSTMENTS, in GC or SC.
--
-- It fires when an account is inserted or its owner, kind or coin updated, rather than being a
-- CHECK constraint: PostgreSQL parses and plans every CHECK of a table again at every UPDATE,
-- whatever columns it sets, and every movement updates a balance
-- (docs/decisions/064-money-path-speed.md). The balance's own check stays a CHECK.
create or replace function ledger_account_shape()
  returns trigger
  language plpgsql
as $function$
begin
  if not (
    (new.user_id is not null and (
      (new.kind = 'GC' and new.coin = 'GC')
      or (new.kind in ('SC_BONUS', 'SC_UNPLAYED', 'SC_REDEEMABLE', 'SC_PENDING_REDEMPTION') and new.coin = 'SC')))
    or (new.user_id is null and new.kind in ('PROMOTIONS', 'PURCHASES', 'GAME_PLAY', 'PAYOUTS', 'ADJUSTMENTS')
        and new.coin in ('GC', 'SC'))
  ) is true then
    raise exception using
      errcode = 'check_violation',
      message = format('there is no ledger account of kind %s in %s for %s', new.kind, new.coin,
        coalesce('player ' || new.user_id, 'the house'));
  end if;
  return new;
end
$function$;

create or replace trigger ledger_accounts_shape before insert or update of user_id, kind, coin on ledger_accounts
  for each row execute function ledger_account_shape();
