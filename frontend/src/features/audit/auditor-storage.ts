/**
 * The auditor's session across reloads. The token is kept where every sign-in keeps it
 * (`accessToken`); beside it, under its own key, who the auditor is and the token's last
 * characters, so a token that a guest's or owner's sign-in replaced since is not taken
 * for an auditor's. Without a usable localStorage the auditor is simply not remembered.
 * The entry reads it to load the dashboard's state for a remembered auditor; the rest of
 * the dashboard stays out of the first download.
 */
import { tokenStorage } from '../../lib/persist.ts';
import type { Auditor } from './api/audit-api.ts';

const KEY = 'auditor';
/** The end of a JWT is its signature: different for every token issued. */
const tokenEnd = (token: string) => token.slice(-16);

interface StoredAuditor {
  readonly auditor: Auditor;
  readonly tokenEnd: string;
}

function attempt<T>(action: (storage: Storage) => T): T | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : action(localStorage);
  } catch {
    return undefined; // storage blocked, full, or holding something unreadable
  }
}

export const auditorStorage = {
  save: (auditor: Auditor, token: string): void =>
    void attempt((storage) => storage.setItem(KEY, JSON.stringify({ auditor, tokenEnd: tokenEnd(token) } satisfies StoredAuditor))),
  /** The auditor whose token is the stored one, or null. */
  restore: (): Auditor | null => {
    const token = tokenStorage.get();
    const stored = attempt((storage) => JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<StoredAuditor> | null);
    if (token === null || stored?.auditor === undefined || stored.tokenEnd !== tokenEnd(token)) return null;
    return stored.auditor;
  },
  clear: (): void => void attempt((storage) => storage.removeItem(KEY)),
};
