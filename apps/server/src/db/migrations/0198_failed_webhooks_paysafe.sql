-- Paysafe's hosted checkout signs its webhooks too: a verified Paysafe event whose handling
-- failed is kept for the money desk and replayed like the card processor's.
alter table failed_webhooks drop constraint failed_webhooks_provider_check;
alter table failed_webhooks add constraint failed_webhooks_provider_check check (provider in ('FINIX', 'PAYSAFE', 'PAYNOTE'));
