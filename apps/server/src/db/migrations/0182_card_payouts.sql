-- Redemptions paid to a card the player bought with (POST /payment/finix/create-instrument-payout):
-- the card processor's push-to-card payout to the saved card's instrument. The redemption names
-- the saved card; its number never comes here.
alter table redemptions drop constraint redemptions_method_check;
alter table redemptions add constraint redemptions_method_check check (method in ('BANK', 'EWALLET', 'CARD'));
alter table redemptions add column saved_card_id bigint references payment_saved_cards (id);
alter table redemptions add constraint redemptions_saved_card_check check ((method = 'CARD') = (saved_card_id is not null));
