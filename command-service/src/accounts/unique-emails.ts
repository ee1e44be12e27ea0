/**
 * One account per email and role: a unique-key stream per normalised email (see
 * unique-keys.ts), named by its keyed digest (KeyedStreamNames), never by a hash anyone
 * holding the log could confirm a guessed email with.
 */
import type { EventStore } from '@stays/event-store';
import { messages, type Role } from '@stays/contracts';
import type { KeyedStreamNames } from '@stays/service-kit';
import type { CommandMetadata } from '../handle.ts';
import { uniqueKeyHolder, releaseUniqueKey, reserveUniqueKey, type Abandonment } from '../unique-keys.ts';

/** The log and the names of the streams made from emails. */
export interface UniqueEmailDeps {
  readonly store: EventStore;
  readonly streamNames: KeyedStreamNames;
}

/** The account holding this email, or null. */
export const accountIdForEmail = (deps: UniqueEmailDeps, role: Role, email: string): Promise<string | null> =>
  uniqueKeyHolder(deps.store, deps.streamNames.emailKey(role, email));

export async function reserveEmail(
  deps: UniqueEmailDeps,
  role: Role,
  email: string,
  accountId: string,
  metadata: CommandMetadata,
  abandonment?: Abandonment,
): Promise<void> {
  await reserveUniqueKey(deps.store, deps.streamNames.emailKey(role, email), accountId, messages.server.emailTaken, metadata, abandonment);
}

export async function releaseEmail(deps: UniqueEmailDeps, role: Role, email: string, accountId: string, metadata: CommandMetadata): Promise<void> {
  await releaseUniqueKey(deps.store, deps.streamNames.emailKey(role, email), accountId, metadata);
}
