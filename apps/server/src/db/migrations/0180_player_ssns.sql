-- Players' social security numbers (docs/decisions/059-ssn-for-prize-reporting.md): asked for before
-- a redemption that brings the calendar year's prizes to the reporting threshold. The number is
-- kept only sealed (AES-256-GCM under PERSONAL_DATA_KEY, bound to the player: lib/secret-box.ts),
-- beside its last four digits, which are all the product ever shows. One number per player; a
-- new one replaces it.
create table player_ssns (
  user_id bigint primary key references users (id),
  ssn_sealed text not null,
  last_four text not null constraint player_ssns_last_four_check check (last_four ~ '^[0-9]{4}$'),
  updated_at timestamptz not null default now()
);
