/** The success envelope of every API response (docs/ARCHITECTURE.md 'The API'). */
export interface ApiSuccess<T> {
  data: T;
  message?: string;
}

/** Lists always travel as rows plus the total count, for paging. */
export interface Paged<T> {
  rows: T[];
  count: number;
}
