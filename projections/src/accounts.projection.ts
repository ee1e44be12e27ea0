/**
 * Accounts → customers, owners and sessions read models. Password hashes are never
 * projected. A deleted account's profile document is removed and its sessions closed.
 */
import type { RecordedEvent } from '@stays/event-store';
import type { AccountEvent } from '@stays/contracts';
import type { ProjectedWrite, ProjectionDefinition } from './projection.ts';
import { collections } from './read-models.ts';

const profileCollection = (role: string) => (role === 'customer' ? collections.customers : collections.owners);

export function projectAccountEvent(event: AccountEvent, recordedAt: string): ProjectedWrite[] {
  switch (event.type) {
    case 'AccountRegistered': {
      const { accountId, role, name, email, username, profileImage } = event.data;
      const profile = role === 'customer'
        ? { role, name, email, createdAt: recordedAt, ...(username !== undefined && { username }), ...(profileImage !== undefined && { profileImage }) }
        : { role, name, email, createdAt: recordedAt };
      return [{ collection: profileCollection(role), operation: { updateOne: { filter: { _id: accountId }, update: { $set: profile }, upsert: true } } }];
    }
    case 'AccountProfileUpdated': {
      const { accountId, role, profileImage, ...rest } = event.data;
      const set = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
      const update = {
        $set: { ...set, ...(typeof profileImage === 'string' && { profileImage }) },
        ...(profileImage === null && { $unset: { profileImage: '' } }),
      };
      return [{ collection: profileCollection(role), operation: { updateOne: { filter: { _id: accountId }, update } } }];
    }
    case 'AccountSignedIn': {
      const { accountId, role, sessionId, expiresAt } = event.data;
      return [{
        collection: collections.sessions,
        operation: { updateOne: { filter: { _id: sessionId }, update: { $set: { accountId, role, expiresAt, open: true } }, upsert: true } },
      }];
    }
    case 'AccountSignedOut':
      return [{ collection: collections.sessions, operation: { updateOne: { filter: { _id: event.data.sessionId }, update: { $set: { open: false } } } } }];
    case 'AccountDeleted':
      return [
        { collection: profileCollection(event.data.role), operation: { deleteOne: { filter: { _id: event.data.accountId } } } },
        { collection: collections.sessions, operation: { updateMany: { filter: { accountId: event.data.accountId }, update: { $set: { open: false } } } } },
      ];
    case 'AccountPasswordChanged':
      return [];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const ACCOUNT_EVENTS = new Set<string>(['AccountRegistered', 'AccountProfileUpdated', 'AccountPasswordChanged', 'AccountSignedIn', 'AccountSignedOut', 'AccountDeleted']);

export const accountsProjection: ProjectionDefinition = {
  name: 'accounts',
  version: 1,
  collections: [collections.customers, collections.owners, collections.sessions],
  indexes: [{ collection: collections.sessions, keys: { accountId: 1 } }],
  project: (event: RecordedEvent) =>
    ACCOUNT_EVENTS.has(event.type) ? projectAccountEvent({ type: event.type, data: event.data } as AccountEvent, event.recordedAt) : [],
};
