import { describe, expect, it } from 'vitest';
import { normalisedEmail } from './normalised-email.js';

describe('the mailbox of an e-mail address', () => {
  it.each([
    ['Ada@Example.com', 'ada@example.com'],
    ['ada+alt@example.com', 'ada@example.com'],
    ['ADA+Second+Tag@Example.COM', 'ada@example.com'],
    ['a.d.a@gmail.com', 'ada@gmail.com'],
    ['A.D.A+promo@GoogleMail.com', 'ada@gmail.com'],
    ['  ada@gmail.com ', 'ada@gmail.com'],
  ])('reads %s as the mailbox %s', (email, mailbox) => {
    expect(normalisedEmail(email)).toBe(mailbox);
  });

  it('keeps the dots of other hosts, and an address that is all tag', () => {
    expect(normalisedEmail('a.da@example.com')).toBe('a.da@example.com');
    expect(normalisedEmail('a.da@example.com')).not.toBe(normalisedEmail('ada@example.com'));
    expect(normalisedEmail('+only@example.com')).toBe('+only@example.com');
  });
});
