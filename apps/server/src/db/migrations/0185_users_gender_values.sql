-- A player's gender is one of the seed's values (seed 001 section 3: male, female, other), asked
-- by the account form. The column exists since 0002 and stays nullable: players who have not
-- saved the account form since it asks have none, until they do. Anything else it may hold is
-- not one of the form's answers and is cleared.

update users set gender = null where gender is not null and gender not in ('male', 'female', 'other');

alter table users add constraint users_gender_check check (gender in ('male', 'female', 'other'));
