import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are stored only as argon2id hashes (issue 3 point 3), with the parameters OWASP
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
