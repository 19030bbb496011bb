import { customType } from 'drizzle-orm/pg-core';

// Not re-exported by index.ts: every export there is a table.
/** PostgreSQL bytea as a Buffer (pg answers a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});
