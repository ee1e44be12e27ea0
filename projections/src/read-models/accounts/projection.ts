/**
 * Account and auditor events → customers, owners, auditors and sessions. Password hashes
 * are never projected. A deleted account's profile document is removed and its sessions closed.
 */
import type { Role } from '@stays/contracts';
import { defineReadModel } from '../../read-model.ts';
import { accountCollections as collections } from './document.ts';
import { accountQueries } from './queries.ts';

const profiles = (role: Role) => (role === 'customer' ? collections.customers : collections.owners);

export const accountsReadModel = defineReadModel({
  name: 'accounts',
  version: 1,
  collections: { [collections.customers]: [], [collections.owners]: [], [collections.auditors]: [], [collections.sessions]: [{ keys: { accountId: 1 } }] },
  queries: accountQueries,
  on: {
    AccountRegistered: ({ accountId, role, name, email, username, profileImage }, { recordedAt }) => {
      const profile = role === 'customer'
        ? { role, name, email, createdAt: recordedAt, ...(username !== undefined && { username }), ...(profileImage !== undefined && { profileImage }) }
        : { role, name, email, createdAt: recordedAt };
      return [{ collection: profiles(role), operation: { updateOne: { filter: { _id: accountId }, update: { $set: profile }, upsert: true } } }];
    },
    AccountProfileUpdated: ({ accountId, role, profileImage, ...changed }) => {
      const set = Object.fromEntries(Object.entries(changed).filter(([, value]) => value !== undefined));
      const update = {
        $set: { ...set, ...(typeof profileImage === 'string' && { profileImage }) },
        ...(profileImage === null && { $unset: { profileImage: '' } }),
      };
      return [{ collection: profiles(role), operation: { updateOne: { filter: { _id: accountId }, update } } }];
    },
    AccountSignedIn: ({ accountId, role, sessionId, expiresAt }) => [{
      collection: collections.sessions,
      operation: { updateOne: { filter: { _id: sessionId }, update: { $set: { accountId, role, expiresAt, open: true } }, upsert: true } },
    }],
    AccountSignedOut: ({ sessionId }) => [
      { collection: collections.sessions, operation: { updateOne: { filter: { _id: sessionId }, update: { $set: { open: false } } } } },
    ],
    AuditorAdded: ({ auditorId, email }, { recordedAt }) => [{
      collection: collections.auditors,
      operation: { updateOne: { filter: { _id: auditorId }, update: { $set: { email, createdAt: recordedAt } }, upsert: true } },
    }],
    AuditorSignedIn: ({ auditorId, sessionId, expiresAt }) => [{
      collection: collections.sessions,
      operation: { updateOne: { filter: { _id: sessionId }, update: { $set: { accountId: auditorId, role: 'auditor', expiresAt, open: true } }, upsert: true } },
    }],
    AuditorSignedOut: ({ sessionId }) => [
      { collection: collections.sessions, operation: { updateOne: { filter: { _id: sessionId }, update: { $set: { open: false } } } } },
    ],
    AccountDeleted: ({ accountId, role }) => [
      { collection: profiles(role), operation: { deleteOne: { filter: { _id: accountId } } } },
      { collection: collections.sessions, operation: { updateMany: { filter: { accountId }, update: { $set: { open: false } } } } },
    ],
  },
});
