/**
 * Account and auditor events → customers, owners, auditors and sessions. Password hashes
 * are never projected. A deleted account's profile document and sessions are removed.
 */
import type { Role, TokenRole } from '@stays/contracts';
import type { ProjectedWrite } from '../../projection.ts';
import { defineReadModel } from '../../read-model.ts';
import { accountCollections as collections } from './document.ts';
import { accountQueries } from './queries.ts';

const profiles = (role: Role) => (role === 'customer' ? collections.customers : collections.owners);

export const accountsReadModel = defineReadModel({
  name: 'accounts',
  version: 2,
  collections: { [collections.customers]: [], [collections.owners]: [], [collections.auditors]: [], [collections.sessions]: [{ keys: { accountId: 1 } }] },
  queries: accountQueries,
  on: {
    AccountRegistered: ({ accountId, role, name, email, username, profileImage }, { recordedAt }) => {
      const profile =
        role === 'customer'
          ? { role, name, email, createdAt: recordedAt, ...(username !== undefined && { username }), ...(profileImage !== undefined && { profileImage }) }
          : { role, name, email, createdAt: recordedAt };
      return [{ collection: profiles(role), operation: { updateOne: { filter: { _id: accountId }, update: { $set: profile }, upsert: true } } }];
    },
    AccountProfileUpdated: ({ accountId, role, profileImage, ...changed }) => {
      const set = Object.fromEntries(Object.entries(changed).filter(([, value]) => value !== undefined));
      const update = {
        $set: { ...set, ...(typeof profileImage === 'string' && { profileImage }) },
        // Stryker disable next-line StringLiteral: $unset ignores the value it is given
        ...(profileImage === null && { $unset: { profileImage: '' } }),
      };
      return [{ collection: profiles(role), operation: { updateOne: { filter: { _id: accountId }, update } } }];
    },
    AccountSignedIn: ({ accountId, role, sessionId, expiresAt }, { recordedAt }) => openSession(accountId, role, sessionId, expiresAt, recordedAt),
    AccountSignedOut: ({ sessionId }) => closeSession(sessionId),
    AuditorAdded: ({ auditorId, email }, { recordedAt }) => [
      {
        collection: collections.auditors,
        operation: { updateOne: { filter: { _id: auditorId }, update: { $set: { email, createdAt: recordedAt } }, upsert: true } },
      },
    ],
    AuditorSignedIn: ({ auditorId, sessionId, expiresAt }, { recordedAt }) => openSession(auditorId, 'auditor', sessionId, expiresAt, recordedAt),
    AuditorSignedOut: ({ sessionId }) => closeSession(sessionId),
    AccountDeleted: ({ accountId, role }) => [
      { collection: profiles(role), operation: { deleteOne: { filter: { _id: accountId } } } },
      { collection: collections.sessions, operation: { deleteMany: { filter: { accountId } } } },
    ],
  },
});

/**
 * A session is a document while it may still be used: signing out or deleting the account
 * removes it, and each sign-in of an account removes its sessions that had expired by then
 * (the event's own time, so a rebuild removes the same ones). The collection holds about one
 * document per active account however many times each signed in.
 */
function openSession(accountId: string, role: TokenRole, sessionId: string, expiresAt: string, recordedAt: string): ProjectedWrite[] {
  return [
    { collection: collections.sessions, operation: { deleteMany: { filter: { accountId, expiresAt: { $lte: recordedAt } } } } },
    {
      collection: collections.sessions,
      operation: { updateOne: { filter: { _id: sessionId }, update: { $set: { accountId, role, expiresAt, open: true } }, upsert: true } },
    },
  ];
}

const closeSession = (sessionId: string): ProjectedWrite[] => [{ collection: collections.sessions, operation: { deleteOne: { filter: { _id: sessionId } } } }];
