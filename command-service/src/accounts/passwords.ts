/**
 * Password hashing with argon2id (OWASP's settings: 19 MiB, 2 passes, 1 lane).
 * Checking a password for an unknown account still runs one verification against a
 * dummy hash, so response time does not tell which emails have accounts.
 */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/** True when `password` matches `hash`; with a null hash, spends the same time and says false. */
export async function checkPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword('not a real password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
