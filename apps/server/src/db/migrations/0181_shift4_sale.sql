-- Purchases paid through the Shift4-style card gateway (POST /payment/shift4/sale): an intent of
-- provider SHIFT4, its sale's id kept as the processor transfer id like the other card payments.
alter table payment_intents drop constraint payment_intents_provider_type_check;
alter table payment_intents add constraint payment_intents_provider_type_check check (provider_type in ('FINIX', 'PAYSAFE', 'SHIFT4'));
