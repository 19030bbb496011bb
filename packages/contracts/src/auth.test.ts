import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn } from './age.js';
import { birthDateSchema, loginRequestSchema, newPasswordSchema, signUpFormSchema, signUpPasswordSchema, userNameSchema } from './auth.js';
import { decodeBase64Utf8, encodeBase64Utf8 } from './base64.js';

describe('base64 passwords', () => {
  it('encodes the UTF-8 bytes as standard base64', () => {
    expect(encodeBase64Utf8('Crown&Coins2026')).toBe('Q3Jvd24mQ29pbnMyMDI2');
    expect(encodeBase64Utf8('ä€𝄞')).toBe('w6TigqzwnYSe');
    expect(encodeBase64Utf8('')).toBe('');
  });

  it('round-trips any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(decodeBase64Utf8(encodeBase64Utf8(text))).toBe(text);
      }),
    );
  });

  it('refuses what is not base64 of UTF-8 text', () => {
    expect(decodeBase64Utf8('not base64!')).toBeUndefined();
    expect(decodeBase64Utf8('abc')).toBeUndefined();
    expect(decodeBase64Utf8('wIA=')).toBeUndefined(); // overlong NUL
    expect(decodeBase64Utf8('7aCA')).toBeUndefined(); // surrogate
  });

  it('decodes the password inside the login request', () => {
    const parsed = loginRequestSchema.parse({ email: ' Player@Example.com ', password: encodeBase64Utf8('Crown&Coins2026') });
    expect(parsed).toEqual({ email: 'Player@Example.com', password: 'Crown&Coins2026' });
  });
});

const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');

describe('password rules (seed 000 section 5)', () => {
  it('accepts every 10-20 character password with a lowercase, uppercase, digit and one of !+@#$%^&* at sign-up', () => {
    fc.assert(
      fc.property(
        lower,
        upper,
        digit,
        fc.constantFrom(...'!+@#$%^&*'),
        fc.array(fc.constantFrom(...'abcXYZ0189!+@#'), { minLength: 6, maxLength: 16 }),
        (a, b, c, d, rest) => {
          expect(signUpPasswordSchema.safeParse([a, b, c, d, ...rest].join('')).success).toBe(true);
        },
      ),
    );
  });

  it('refuses sign-up passwords missing a character class, whatever else they contain', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...'abcdefxyz0123456789!@#'), { minLength: 10, maxLength: 20 }), (chars) => {
        expect(signUpPasswordSchema.safeParse(chars.join('')).success).toBe(false); // no uppercase
      }),
    );
  });

  it('asks the reset password for at least 8 characters and one of @$!%*?& (seed 000 section 5), at most 20', () => {
    expect(newPasswordSchema.safeParse('Fresh$Start2026').success).toBe(true);
    expect(newPasswordSchema.safeParse('Fr$sh202').success).toBe(true);
    expect(newPasswordSchema.safeParse('Fresh#Start2026').success).toBe(false);
    expect(newPasswordSchema.safeParse('Fr$sh20').error?.issues[0]?.message).toBe('Password must contain at least 8 characters');
    expect(newPasswordSchema.safeParse('').error?.issues[0]?.message).toBe('Password is required');
    expect(newPasswordSchema.safeParse('Fresh$Start2026Fresh$').error?.issues[0]?.message).toBe(
      'Password must not contain more than 20 characters',
    );
  });
});

describe('sign-up form', () => {
  const valid = {
    userName: 'LuckyPlayer1',
    email: 'lucky@example.com',
    password: 'Crown&Coins2026',
    confirmPassword: 'Crown&Coins2026',
    promoCode: '',
    isMarketingAccepted: false,
    isTermsAccepted: true,
  };

  it('upper-cases the promo code', () => {
    expect(signUpFormSchema.parse({ ...valid, promoCode: 'spring25', isMarketingAccepted: true }).promoCode).toBe('SPRING25');
  });

  it('shows each rule at its field', () => {
    const issues = (input: object) =>
      Object.fromEntries(
        (signUpFormSchema.safeParse({ ...valid, ...input }).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
      );
    expect(issues({ confirmPassword: 'Other&Pass2026' })).toEqual({ confirmPassword: 'Password and Confirm Password do not match' });
    expect(issues({ isTermsAccepted: false })).toEqual({ isTermsAccepted: 'Please accept terms and conditions' });
    expect(issues({ promoCode: 'X1' })).toEqual({ isMarketingAccepted: 'Please agree to receive promotional offers to use a promo code' });
  });

  it('accepts exactly the 5-15 letter-or-digit usernames', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 20 }), (name) => {
        expect(userNameSchema.safeParse(name).success).toBe(/^[A-Za-z0-9]{5,15}$/.test(name));
      }),
    );
  });
});

describe('birth dates', () => {
  it('counts whole years, with the birthday itself counting', () => {
    expect(ageOn('2008-03-15', new Date('2026-03-14T12:00:00Z'))).toBe(17);
    expect(ageOn('2008-03-15', new Date('2026-03-15T00:00:00Z'))).toBe(18);
    expect(ageOn('2008-02-29', new Date('2026-02-28T00:00:00Z'))).toBe(17);
  });

  it('refuses impossible dates and players under 18', () => {
    expect(birthDateSchema.safeParse('1990-02-30').success).toBe(false);
    expect(birthDateSchema.safeParse('1990-02-03').success).toBe(true);
    const seventeen = new Date();
    seventeen.setUTCFullYear(seventeen.getUTCFullYear() - 17);
    expect(birthDateSchema.safeParse(seventeen.toISOString().slice(0, 10)).error?.issues[0]?.message).toBe(
      'You must be at least 18 years old',
    );
  });
});
