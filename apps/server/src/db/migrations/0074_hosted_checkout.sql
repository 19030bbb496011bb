-- The hosted checkout: intents paid through a Paysafe-style checkout page.
alter table payment_intents drop constraint payment_intents_provider_type_check;
alter table payment_intents add constraint payment_intents_provider_type_check check (provider_type in ('FINIX', 'PAYSAFE'));
