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
 * makes no documents for the guest. Accounts still to erase are kept in a checkpoint
 * with the log position they reflect.
 *
 * Every PersonalDataErased it reads also destroys that key again (nothing to do when it
 * is gone): a key store restored from a backup older than an erasure is shredded again
 * when the reactor replays the log (every start in the embedded mode; in production after
 * its checkpoint is removed, see docs/operations.md).
 */
import { accountEventTypes, guestEventTypes, invoiceFileName, parseEvent, streams, type Role } from '@stays/contracts';
import type { EventStore, RecordedEvent, Subscription, SubscriptionHealth } from '@stays/event-store';
import type { KeyStore } from '@stays/personal-data';
import type { MediaLinks, MediaStore } from '@stays/service-kit';
import { accountAggregate } from '../accounts/account.ts';
import { recordErasure } from '../accounts/erasing-personal-data/decide.ts';
import { bookingAggregate } from '../booking/booking.ts';
import { handle, load } from '../handle.ts';
import { followLog, followerHealth } from './follow-log.ts';
import { CheckpointSaver, memoryReactorCheckpoints, type ReactorCheckpointStore } from './reactor-checkpoints.ts';
import { WorkQueue } from './work-queue.ts';

const ERASURE_EVENTS = ['AccountDeleted', 'PersonalDataErased'] as const;

export interface PersonalDataErasureDeps {
  readonly store: EventStore;
  readonly keys: Pick<KeyStore, 'destroy'>;
  readonly media: MediaStore;
  /** Reads the media id out of a recorded profile image link. */
  readonly mediaLinks: Pick<MediaLinks, 'mediaIdOf'>;
  readonly log?: (line: string) => void;
  /** Delays between retries of a failing erasure; the last one repeats. */
  readonly retryDelaysMs?: readonly number[];
  /** Default: in memory (a restart replays the log). */
  readonly checkpoints?: ReactorCheckpointStore;
}

/** A booking's documents are not issued yet: the erasure waits for them. */
class DocumentsPending extends Error {
  override readonly name = 'DocumentsPending';
}

const CHECKPOINT_NAME = 'personal-data-erasure';
/** Format of the checkpoint's state: the deleted accounts not yet erased, by subject. */
const CHECKPOINT_VERSION = 1;
const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 15_000, 60_000, 300_000];
const REACTOR_LANES = 2;
const REACTOR = { actor: 'system:personal-data-erasure' };

interface Account {
  readonly accountId: string;
  readonly role: Role;
}

export class PersonalDataErasureReactor {
  /** Subject → the deleted account whose erasure is not recorded yet. */
  private open = new Map<string, Account>();
  private readonly queue: WorkQueue;
  private subscription: Subscription | null = null;
  private caughtUp = false;
  private readonly caughtUpOnce: Promise<void>;
  private markCaughtUp!: () => void;
  private readonly checkpoint: CheckpointSaver;

  constructor(private readonly deps: PersonalDataErasureDeps) {
    this.caughtUpOnce = new Promise((resolve) => { this.markCaughtUp = resolve; });
    this.queue = new WorkQueue({
      lanes: REACTOR_LANES,
      retryDelaysMs: deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      work: async (subject) => {
        const account = this.open.get(subject);
        if (account === undefined) {
          await this.deps.keys.destroy(subject);
          return;
        }
        await this.erase(account);
        this.open.delete(subject);
      },
      onFailure: (subject, error, failures, retryInMs) =>
        this.log(`${subject}: erasure ${error instanceof DocumentsPending ? 'waits' : 'failed'} (${failures}x), retrying in ${retryInMs} ms: ${error instanceof Error ? error.message : String(error)}`),
    });
    this.checkpoint = new CheckpointSaver(deps.checkpoints ?? memoryReactorCheckpoints(), CHECKPOINT_NAME, CHECKPOINT_VERSION,
      () => ({ open: [...this.open] }), (line) => this.log(line));
  }

  async start(): Promise<void> {
    this.subscription = await followLog({
      store: this.deps.store, checkpoint: this.checkpoint, name: 'personal data erasure reactor',
      restore: (state) => { this.open = new Map((state as { open: [string, Account][] }).open); },
      observe: (event) => this.observe(event),
      onCaughtUp: () => {
        this.caughtUp = true;
        for (const subject of this.open.keys()) this.queue.add(subject);
        this.markCaughtUp();
      },
      log: (line) => this.log(line),
    });
  }

  async stop(): Promise<void> {
    const stopping = this.queue.stop();
    await this.subscription?.close();
    await stopping;
    await this.checkpoint.flush();
  }

  /** Subscribed to the log and at most `maxLagMs` behind it. */
  health(maxLagMs: number): Promise<SubscriptionHealth> {
    return followerHealth(this.deps.store, this.subscription, maxLagMs);
  }

  /** Resolves when no deleted account waits for its erasure (for tests). */
  async whenIdle(): Promise<void> {
    await this.caughtUpOnce;
    await this.queue.whenIdle();
  }

  private observe(event: RecordedEvent): void {
    if (!(ERASURE_EVENTS as readonly string[]).includes(event.type)) return;
    const { type, data: { accountId, role } } = parseEvent(event, ERASURE_EVENTS);
    const subject = streams.account(role, accountId);
    if (type === 'PersonalDataErased') {
      this.open.delete(subject);
      this.queue.add(subject); // destroys the key again, in case a restored backup brought it back
      return;
    }
    this.open.set(subject, { accountId, role });
    if (this.caughtUp) this.queue.add(subject);
  }

  private async erase({ accountId, role }: Account): Promise<void> {
    const subject = streams.account(role, accountId);
    const { state } = await load(this.deps.store, subject, accountAggregate);
    if (state.status !== 'deleted' || state.personalDataErased) return;
    await this.deleteProfilePhotos(subject);
    if (role === 'customer') await this.deleteInvoices(accountId);
    await this.deps.keys.destroy(subject);
    await handle(this.deps.store, subject, accountAggregate, (current) => recordErasure(current), REACTOR);
  }

  /** Every profile image the account ever recorded (a later change may have left an old one behind). */
  private async deleteProfilePhotos(subject: string): Promise<void> {
    for (const recorded of await this.deps.store.readStream(subject)) {
      const event = parseEvent(recorded, accountEventTypes);
      const link = event.type === 'AccountRegistered' || event.type === 'AccountProfileUpdated' ? event.data.profileImage : undefined;
      const mediaId = typeof link === 'string' ? this.deps.mediaLinks.mediaIdOf(link) : null;
      if (mediaId !== null) await this.deps.media.delete(mediaId);
    }
  }

  /** The invoice of every booking the guest held (invoices are named by booking, see invoiceFileName). */
  private async deleteInvoices(customerId: string): Promise<void> {
    const held = (await this.deps.store.readStream(streams.guest(customerId)))
      .map((recorded) => parseEvent(recorded, guestEventTypes))
      .flatMap((event) => (event.type === 'GuestBookingHeld' ? [event.data.bookingID] : []));
    for (const bookingID of held) {
      const { state } = await load(this.deps.store, streams.booking(bookingID), bookingAggregate);
      if (state.status !== 'none' && state.invoice === null) throw new DocumentsPending(`the invoice of booking ${bookingID} is not issued yet`);
      await this.deps.media.delete(invoiceFileName(bookingID));
    }
  }

  private log(line: string): void {
    (this.deps.log ?? console.log)(line);
  }
}
