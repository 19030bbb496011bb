/**
 * PostgreSQL array literals, each passed as one parameter cast to an array type (`$1::bigint[]`,
 * `unnest($1::bigint[], $2::text[])`): a statement over a list then has one text whatever the
 * list's length, so it is prepared once per connection and planned once, where a parameter per
 * item (`in ($1, $2, …)`, a `values` row per item) makes a new statement for every length
 * (docs/decisions/066). Both drivers, node-postgres and PGlite, send a string parameter as text,
 * which PostgreSQL reads as the cast array.
 */

/** `{1,2,3}`: whole numbers only, so nothing in the literal needs quoting. */
export function bigintArray(values: readonly number[]): string {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new Error(`bigintArray: ${value} is not a whole number`);
  }
  return `{${values.join(',')}}`;
}

/** `{"a","b"}`: every item quoted, with `"` and `\` escaped, so any text survives as it was. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join(',')}}`;
}
