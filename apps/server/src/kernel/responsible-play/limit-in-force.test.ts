import { describe, expect, it } from 'vitest';
import { limitInForce } from './limit-in-force.js';

const set = new Date('2026-11-20T10:00:00.000Z');
const due = new Date('2026-11-21T10:00:00.000Z');

describe('limitInForce', () => {
  it('keeps a limit with nothing waiting', () => {
    const row = { amount: 2000, createdAt: set, pendingAmount: null, pendingAt: null };
    expect(limitInForce(row, due)).toEqual(row);
  });

  it('keeps the lower limit while a raise waits, and shows the raise', () => {
    const row = { amount: 2000, createdAt: set, pendingAmount: 5000, pendingAt: due };
    expect(limitInForce(row, new Date(due.getTime() - 1))).toEqual(row);
  });

  it('applies a raise once its time has come', () => {
    const row = { amount: 2000, createdAt: set, pendingAmount: 5000, pendingAt: due };
    expect(limitInForce(row, due)).toEqual({ amount: 5000, createdAt: due, pendingAmount: null, pendingAt: null });
  });

  it('drops a limit once its removal is due, not before', () => {
    const row = { amount: 2000, createdAt: set, pendingAmount: null, pendingAt: due };
    expect(limitInForce(row, new Date(due.getTime() - 1))?.amount).toBe(2000);
    expect(limitInForce(row, due)).toBeNull();
  });
});
