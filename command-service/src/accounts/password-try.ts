/**
 * One password try, counted by the throttles as it arrives: refused (TooMany) before any
 * password work when this client must wait, otherwise counted at once, so tries still in
 * flight count too, and a try the password line refuses as busy (503) stays counted; only a
 * match is given back. The stored hash is looked up only after that check; a missing
 * account spends the same argon2 time as a wrong password and counts as a failure. The
 * check waits its turn in the password line by where the caller stands (throttles.ts).
 * Every password a person types (sign-ins of each role, the current password of a profile
 * change) goes through here, so each is throttled the same way.
 */
import type { AccountDeps } from '../command-context.ts';

type PasswordTryDeps = Pick<AccountDeps, 'passwords' | 'throttles' | 'now'>;

/** The holder `holder` finds when `password` matches its hash; null for no holder or another password. `key` is `accountThrottleKey(…)`. */
export async function tryPassword<T extends { readonly passwordHash: string | null }>(
  deps: PasswordTryDeps,
  key: string,
  client: string,
  password: string,
  holder: () => Promise<T | null>,
): Promise<T | null> {
  const attempt = deps.throttles.passwordAttempt(key, client, deps.now());
  const found = await holder();
  const matched = await deps.passwords.check(found?.passwordHash ?? null, password, attempt.standing);
  // Stryker disable next-line ConditionalExpression: with no holder the dummy hash never matches either; the check says why it fails
  if (found === null || !matched) {
    attempt.failed(deps.now());
    return null;
  }
  attempt.matched();
  return found;
}
