/**
 * The erasure reactor: after an account is deleted it deletes the person's invoices and
 * profile photos from the media store, destroys their data key (from then on every
 * personal field of theirs reads as erased, in every replay) and records
 * PersonalDataErased in the account stream, which read models follow to blank the
 * fields they already hold.
 *
 * Why this order: the profile photo's link is itself personal data, readable only while
 * the key exists, so the media go first; the event comes last, so an account without it
 * still has work left. Each step is idempotent (deleting absent media, destroying an
 * absent key, a decision that records the erasure once), so a crash anywhere in between
 * is finished by the next run. A guest's booking whose invoice is not issued yet is
 * waited for (retried) rather than erased under the booking documents reactor, which
 * would otherwise store an invoice after the deletion; once the key is gone that reactor
 * makes no documents for the guest. Accounts still to erase are its pending work
 * (reactor.ts: checkpoint, work queue, retries).
 *
 * Every PersonalDataErased it reads destroys that key again (nothing to do when it is
 * gone), and so does every later start of the reactor, whose checkpoint keeps the erased
 * accounts: a key store restored from a backup older than an erasure is shredded again at
 * the next start. (Format 2 of its checkpoint added that list: a format 1 checkpoint is
 * dropped and the log replayed once, which finds every erasure.)
 */
import { accountEventTypes, bookingAggregate, guestEventTypes, invoiceFileName, parseEvent, streams, type Role } from '@stays/contracts';
import type { KeyStore } from '@stays/personal-data';
import type { MediaLinks, MediaStore } from '@stays/service-kit';
import { accountAggregate } from '../accounts/account.ts';
import { recordErasure } from '../accounts/erasing-personal-data/decide.ts';
import { handle, load } from '../handle.ts';
import { defineReactor, type Reactor, type ReactorDeps } from './reactor.ts';

export interface PersonalDataErasureDeps extends ReactorDeps {
  readonly keys: Pick<KeyStore, 'destroy'>;
  readonly media: MediaStore;
  /** Reads the media id out of a recorded profile image link. */
  readonly mediaLinks: Pick<MediaLinks, 'mediaIdOf'>;
  /** Delays between retries of a failing erasure; the last one repeats. */
  readonly retryDelaysMs?: readonly number[];
}

/** A booking's documents are not issued yet: the erasure waits for them. */
class DocumentsPending extends Error {
  override readonly name = 'DocumentsPending';
}

const REACTOR = { actor: 'system:personal-data-erasure' };

/** A deleted account whose erasure is not recorded yet. */
interface Account {
  readonly accountId: string;
  readonly role: Role;
}

export function personalDataErasureReactor(deps: PersonalDataErasureDeps): Reactor {
  const { store, keys, media, mediaLinks } = deps;

  async function erase({ accountId, role }: Account): Promise<void> {
    const subject = streams.account(role, accountId);
    const { state } = await load(store, subject, accountAggregate);
    if (state.status !== 'deleted' || state.personalDataErased) return;
    await deleteProfilePhotos(subject);
    if (role === 'customer') await deleteInvoices(accountId);
    await keys.destroy(subject);
    await handle(store, subject, accountAggregate, (current) => recordErasure(current), REACTOR);
  }

  /** Every profile image the account ever recorded (a later change may have left an old one behind). */
  async function deleteProfilePhotos(subject: string): Promise<void> {
    for (const recorded of await store.readStream(subject)) {
      const event = parseEvent(recorded, accountEventTypes);
      const link = event.type === 'AccountRegistered' || event.type === 'AccountProfileUpdated' ? event.data.profileImage : undefined;
      const mediaId = typeof link === 'string' ? mediaLinks.mediaIdOf(link) : null;
      if (mediaId !== null) await media.delete(mediaId);
    }
  }

  /** The invoice of every booking the guest held (invoices are named by booking, see invoiceFileName). */
  async function deleteInvoices(customerId: string): Promise<void> {
    const held = (await store.readStream(streams.guest(customerId)))
      .map((recorded) => parseEvent(recorded, guestEventTypes))
      .flatMap((event) => (event.type === 'GuestBookingHeld' ? [event.data.bookingID] : []));
    for (const bookingID of held) {
      const { state } = await load(store, streams.booking(bookingID), bookingAggregate);
      if (state.status !== 'none' && state.invoice === null) throw new DocumentsPending(`the invoice of booking ${bookingID} is not issued yet`);
      await media.delete(invoiceFileName(bookingID));
    }
  }

  return defineReactor<Account>(
    {
      name: 'personal-data-erasure',
      version: 2,
      on: {
        AccountDeleted: ({ accountId, role }, pending) => pending.set(streams.account(role, accountId), { accountId, role }),
        PersonalDataErased: ({ accountId, role }, pending) => {
          const subject = streams.account(role, accountId);
          pending.delete(subject);
          pending.runAtEveryStart(subject); // destroys the key again, in case a restored backup brought it back
        },
      },
      work: async (subject, account) => {
        if (account === undefined) await keys.destroy(subject);
        else await erase(account);
      },
      lanes: 2,
      ...(deps.retryDelaysMs && { retryDelaysMs: deps.retryDelaysMs }),
      describeFailure: (subject, error, failures, retryInMs) =>
        `${subject}: erasure ${error instanceof DocumentsPending ? 'waits' : 'failed'} (${failures}x), retrying in ${retryInMs} ms: ${error instanceof Error ? error.message : String(error)}`,
    },
    deps,
  );
}
