/**
 * Session persistence (spec section 3): the session slice under key `root` with version 1,
 * the access token separately under `accessToken`. Works without a `localStorage`
 * (unit tests in Node) by keeping values in memory.
 */
import { sessionStorageKeys } from '@stays/contracts';

interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const memory = new Map<string, string>();
const fallback: KeyValue = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

function storage(): KeyValue {
  try {
    return typeof localStorage === 'undefined' ? fallback : localStorage;
  } catch {
    return fallback; // storage blocked by the browser
  }
}

export const tokenStorage = {
  get: (): string | null => storage().getItem(sessionStorageKeys.accessToken),
  set: (token: string): void => storage().setItem(sessionStorageKeys.accessToken, token),
  clear: (): void => storage().removeItem(sessionStorageKeys.accessToken),
};

interface Persisted<T> {
  readonly version: number;
  readonly session: T;
}

/** The persisted session, or undefined when none (or of another version) is stored. */
export function loadPersistedSession<T>(): T | undefined {
  const raw = storage().getItem(sessionStorageKeys.root);
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(raw) as Persisted<T>;
    return parsed.version === sessionStorageKeys.rootVersion ? parsed.session : undefined;
  } catch {
    return undefined;
  }
}

export function savePersistedSession<T>(session: T): void {
  const value: Persisted<T> = { version: sessionStorageKeys.rootVersion, session };
  try {
    storage().setItem(sessionStorageKeys.root, JSON.stringify(value));
  } catch {
    // quota or privacy mode: the session simply is not remembered
  }
}
