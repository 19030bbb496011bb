/** The store feature's public entry: a payment's status. */
export { paymentStatusQuery } from './api';
