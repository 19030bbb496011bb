import { randomInt } from 'node:crypto';

/**
 * A username for an account created by Google sign-in: 5-15 letters or digits (seed 000
 * section 5), from the Google name or the e-mail's local part; `isTaken` decides uniqueness.
 */
export async function deriveUsername(
  source: { name: string | null; email: string },
  isTaken: (name: string) => Promise<boolean>,
): Promise<string> {
  const clean = (value: string) => value.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '');
  let base = clean(source.name ?? '') || clean(source.email.split('@')[0] ?? '') || 'player';
  if (base.length < 5) base = `${base}player`;
  base = base.slice(0, 15);
  if (!(await isTaken(base))) return base;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = `${base.slice(0, 11)}${randomInt(1000, 10_000)}`;
    if (!(await isTaken(candidate))) return candidate;
  }
  for (;;) {
    const candidate = `player${randomInt(100_000_000, 1_000_000_000)}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}
