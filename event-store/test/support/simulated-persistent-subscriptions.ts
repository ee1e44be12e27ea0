/**
 * Persistent subscription groups to `$all` on the simulated EventStoreDB: what the competing
 * consumers adapter (src/eventstoredb/persistent-subscription.ts) relies on, modelled on the
 * server's own PersistentSubscription service, as read in its source:
 *
 * - a group reads the log from its `startFrom`, through its event-type filter, and pushes each
 *   event to one member at a time, round robin among the members with room: a member holds
 *   at most the `bufferSize` it joined with unacknowledged;
 * - events waiting to be retried go out before new ones;
 * - an event is answered by an ack (done), or a nack: `retry` delivers it again with
 *   `retryCount` one higher, or parks it once `retryCount` reached the group's
 *   `maxRetryCount`; `park` parks it; `skip` drops it;
 * - an event not answered within `messageTimeout` is retried the same way (the server checks
 *   on a clock tick; here a timer of its own);
 * - a member that leaves (unsubscribes, or its connection drops) has its unanswered events
 *   retried, to any member;
 * - a group outlives the server's restart, with what it had read and what waits for a retry
 *   (a real server resumes from its last checkpoint, so it may also deliver again events
 *   acknowledged after that checkpoint: at least once either way).
 *
 * Answers written on a connection that is gone fail as a write on a destroyed stream does.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { START, type AllStreamRecordedEvent, type Position } from '@eventstore/db-client';

/** A stored event as the simulation keeps it: the client's recorded event of $all. */
export type GroupEvent = AllStreamRecordedEvent & { readonly position: Position };

export interface GroupSettings {
  readonly startFrom: typeof START | 'end' | Position;
  readonly maxRetryCount: number;
  readonly messageTimeout: number;
}

/** Where the group reads from: the server's log in order, and the position after its last event. */
export interface GroupSource {
  readonly log: readonly GroupEvent[];
  readonly end: () => bigint;
}

export type NackAction = 'park' | 'retry' | 'skip' | 'stop';

/** A member's stream as the client gives it: events in order, answers back on the same call. */
export type MemberStream = Readable & {
  ack(...events: Delivered[]): Promise<void>;
  nack(action: NackAction, reason: string, ...events: Delivered[]): Promise<void>;
  unsubscribe(): Promise<void>;
};

/** What a member receives for one event. */
export interface Delivered {
  readonly event?: GroupEvent;
  readonly commitPosition?: bigint;
  readonly retryCount: number;
}

interface Member {
  readonly stream: MemberStream;
  readonly bufferSize: number;
  readonly unanswered: Set<string>;
  /** Joining until the server confirms it; gone once it unsubscribed or its connection dropped. */
  state: 'joining' | 'connected' | 'gone';
}

interface Outstanding {
  readonly event: GroupEvent;
  readonly retryCount: number;
  readonly member: Member;
  readonly timer: NodeJS.Timeout;
}

export interface ParkedEvent {
  readonly event: GroupEvent;
  readonly reason: string;
}

export class SimulatedGroup {
  private after: bigint;
  private readonly retries: { event: GroupEvent; retryCount: number }[] = [];
  private readonly outstanding = new Map<string, Outstanding>();
  private readonly members: Member[] = [];
  private turn = 0;
  /** Events parked, with the reason the server keeps, in the order parked. */
  readonly parked: ParkedEvent[] = [];
  /** Every event pushed, with its member's number (by joining order) and retry count: who got what. */
  readonly pushes: { readonly eventId: string; readonly member: number; readonly retryCount: number }[] = [];
  private joined = 0;
  private readonly memberNumbers = new WeakMap<Member, number>();
  /** Every member by its stream, from the moment it asks to join. */
  private readonly joining = new WeakMap<MemberStream, Member>();

  constructor(
    private readonly source: GroupSource,
    readonly settings: GroupSettings,
    private readonly filter: RegExp | undefined,
  ) {
    const from = settings.startFrom;
    this.after = from === START ? -1n : from === 'end' ? source.end() - 1n : from.commit - 1n;
  }

  /**
   * A member asks to join with room for `bufferSize` unanswered events: its stream, on which it
   * answers too; it gets events once `admit` confirms it.
   */
  join(bufferSize: number): MemberStream {
    const stream = new Readable({ objectMode: true, read() {} }) as MemberStream;
    const member: Member = { stream, bufferSize, unanswered: new Set(), state: 'joining' };
    this.joining.set(stream, member);
    const answer = async (ids: string[], apply: (id: string) => void) => {
      await new Promise((resolve) => setImmediate(resolve)); // the call's write
      if (member.state === 'gone') throw Object.assign(new Error('Cannot call write after a stream was destroyed'), { code: 'ERR_STREAM_DESTROYED' });
      for (const id of ids) apply(id);
      this.push();
    };
    Object.assign(stream, {
      ack: (...events: Delivered[]) => answer(idsOf(events), (id) => this.settle(id)),
      nack: (action: NackAction, reason: string, ...events: Delivered[]) => answer(idsOf(events), (id) => this.nacked(id, action, reason)),
      unsubscribe: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        this.leave(member);
        if (!stream.destroyed) stream.push(null);
      },
    });
    return stream;
  }

  /** The server confirms the member on `stream`, which gets its share from the next push; false when it left before. */
  admit(stream: MemberStream): boolean {
    const member = this.joining.get(stream)!;
    if (member.state !== 'joining') return false;
    member.state = 'connected';
    this.memberNumbers.set(member, ++this.joined);
    this.members.push(member);
    return true;
  }

  /** The member on `stream` is gone (a dropped connection): its unanswered events go back to the group. */
  lose(stream: MemberStream): void {
    this.leave(this.joining.get(stream)!);
  }

  /**
   * Pushes to a member with room a link whose event is gone (a deleted stream's), as a group
   * resolving links may: it must be answered like any event, or it stays outstanding.
   */
  pushUnresolvedLink(): void {
    const member = this.memberWithRoom();
    if (member === undefined) throw new Error('simulation: no member has room for the link');
    const position = { commit: this.source.end(), prepare: this.source.end() };
    const link = { streamId: '$ce-booking', id: randomUUID(), isJson: true, revision: 0n, type: '$>', created: new Date(), data: {}, metadata: {}, position };
    this.deliver(member, link as unknown as GroupEvent, 0, 'link');
  }

  /** Members confirmed and connected now. */
  memberCount(): number {
    return this.members.length;
  }

  /** Events delivered and not answered yet. */
  unanswered(): number {
    return this.outstanding.size;
  }

  /** Hands out what waits, to members with room in turn, retries first. */
  push(): void {
    for (;;) {
      const member = this.memberWithRoom();
      if (member === undefined) return;
      const next = this.retries.shift() ?? this.nextNew();
      if (next === undefined) return;
      this.turn = (this.members.indexOf(member) + 1) % this.members.length;
      this.deliver(member, next.event, next.retryCount);
    }
  }

  private nextNew(): { event: GroupEvent; retryCount: number } | undefined {
    for (const event of this.source.log) {
      if (event.position.commit <= this.after) continue;
      this.after = event.position.commit;
      if (this.filter === undefined || this.filter.test(event.type)) return { event, retryCount: 0 };
    }
    return undefined;
  }

  /** The first member with room from the one whose turn it is. */
  private memberWithRoom(): Member | undefined {
    for (let i = 0; i < this.members.length; i++) {
      const member = this.members[(this.turn + i) % this.members.length]!;
      if (member.unanswered.size < member.bufferSize) return member;
    }
    return undefined;
  }

  private deliver(member: Member, event: GroupEvent, retryCount: number, as: 'event' | 'link' = 'event'): void {
    const timer = setTimeout(() => {
      this.retryOrPark(event.id);
      this.push();
    }, this.settings.messageTimeout);
    timer.unref();
    this.outstanding.set(event.id, { event, retryCount, member, timer });
    member.unanswered.add(event.id);
    this.pushes.push({ eventId: event.id, member: this.memberNumbers.get(member)!, retryCount });
    member.stream.push(as === 'event' ? ({ event, commitPosition: event.position.commit, retryCount } satisfies Delivered) : { link: event, retryCount });
  }

  private nacked(id: string, action: NackAction, reason: string): void {
    if (action === 'retry') this.retryOrPark(id);
    else if (action === 'park') this.park(id, `Client explicitly NAK'ed message.\n${reason}`);
    else if (action === 'skip') this.settle(id);
  }

  /** Delivered again one retry higher, or parked once it reached the group's maxRetryCount. */
  private retryOrPark(id: string): void {
    const outstanding = this.settle(id);
    if (outstanding === undefined) return;
    if (outstanding.retryCount >= this.settings.maxRetryCount)
      this.parked.push({ event: outstanding.event, reason: `Reached retry count of ${this.settings.maxRetryCount}` });
    else this.retries.push({ event: outstanding.event, retryCount: outstanding.retryCount + 1 });
  }

  private park(id: string, reason: string): void {
    const outstanding = this.settle(id);
    if (outstanding !== undefined) this.parked.push({ event: outstanding.event, reason });
  }

  /** The event is no longer outstanding (answered, or timed out); what it was, when it was. */
  private settle(id: string): Outstanding | undefined {
    const outstanding = this.outstanding.get(id);
    if (outstanding === undefined) return undefined;
    clearTimeout(outstanding.timer);
    this.outstanding.delete(id);
    outstanding.member.unanswered.delete(id);
    return outstanding;
  }

  private leave(member: Member): void {
    const was = member.state;
    member.state = 'gone';
    if (was !== 'connected') return;
    this.members.splice(this.members.indexOf(member), 1);
    const lost = [...member.unanswered].map((id) => this.outstanding.get(id)!).sort((a, b) => (a.event.position.commit < b.event.position.commit ? -1 : 1));
    for (const { event } of lost) this.retryOrPark(event.id);
    this.push();
  }
}

/** The ids the client answers with: the link's when the event came through one, else the event's. */
function idsOf(events: readonly Delivered[]): string[] {
  return events.map((delivered) => {
    const id = (delivered as { link?: { id: string } }).link?.id ?? delivered.event?.id;
    if (id === undefined) throw new Error('Attempted to ack an event with no id');
    return id;
  });
}
