/**
 * Adding an auditor account: the email is reserved first (`auditoremail-{keyed digest}`, with
 * `no_stream`, so of two concurrent adds exactly one gets it), then the account is recorded.
 */
import { randomUUID } from 'node:crypto';
import { messages, newAuditorCredentials, normaliseEmail, streams, type AuditorAdded } from '@stays/contracts';
import { ConfigError } from '@stays/service-kit';
import { Conflict, InvalidInput } from '../../domain-errors.ts';
import { handle } from '../../handle.ts';
import type { Passwords } from '../../accounts/passwords.ts';
import type { UniqueEmailDeps } from '../../accounts/unique-emails.ts';
import { reserveUniqueKey } from '../../unique-keys.ts';
import { auditorAggregate } from '../auditor.ts';
import { findAuditorByEmail, loadAuditor } from '../auditor-streams.ts';
import { addAuditor } from './decide.ts';

export interface NewAuditor {
  readonly email: string;
  readonly password: string;
  readonly via: AuditorAdded['data']['via'];
}

/** The new auditor's id. Throws Conflict when an auditor has the email, InvalidInput for an email or password the sign-up rules refuse. */
export async function handleAddAuditor(deps: UniqueEmailDeps, passwords: Passwords, auditor: NewAuditor): Promise<string> {
  const { store } = deps;
  const checked = newAuditorCredentials.safeParse({ email: auditor.email, password: auditor.password });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new InvalidInput(String(issue.path[0] ?? 'email'), issue.message);
  }
  const email = normaliseEmail(checked.data.email);
  const auditorId = randomUUID();
  const metadata = { actor: 'system' };
  const passwordHash = await passwords.hash(auditor.password);
  // an add that crashed between reserving the email and recording the auditor leaves the email to the next one
  const abandonment = { now: new Date(), recordedNothing: async (holder: string) => (await loadAuditor(store, holder)).state.status === 'new' };
  await reserveUniqueKey(store, deps.streamNames.auditorEmail(email), auditorId, messages.server.auditorExists, metadata, abandonment);
  await handle(
    store,
    streams.auditor(auditorId),
    auditorAggregate,
    (state) => addAuditor({ auditorId, email, passwordHash, via: auditor.via }, state),
    metadata,
  );
  return auditorId;
}

/**
 * The bootstrap auditor of BOOTSTRAP_AUDITOR_EMAIL / _PASSWORD: added on the first start,
 * ignored on every later one (the account exists). Says whether it added one.
 */
export async function bootstrapAuditor(deps: UniqueEmailDeps, passwords: Passwords, credentials: { email: string; password: string }): Promise<boolean> {
  if ((await findAuditorByEmail(deps, credentials.email)) !== null) return false;
  try {
    await handleAddAuditor(deps, passwords, { ...credentials, via: 'bootstrap' });
    return true;
  } catch (error) {
    // another replica starting at the same moment added it
    if (error instanceof Conflict) return false;
    if (error instanceof InvalidInput) throw new ConfigError(`BOOTSTRAP_AUDITOR_${(error.field ?? 'email').toUpperCase()}: ${error.message}`);
    throw error;
  }
}
