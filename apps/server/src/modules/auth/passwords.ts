import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are stored only as argon2id hashes, with the parameters OWASP
 * recommends for argon2id: 19 MiB of memory, 2 iterations, 1 lane. @node-rs/argon2 defaults to
 * argon2id; the hash string records the algorithm and parameters, so they can change later.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never lets anyone in.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same argon2 work as checking a real password, and always fails: a login with an
 * unknown e-mail then takes as long as one with a wrong password, so the
 * answer's timing does not tell which addresses have accounts.
 */
export async function verifyAgainstNoAccount(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}
