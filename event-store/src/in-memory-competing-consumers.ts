/**
 * Competing consumers within one process, over any event store's catch-up subscription:
 * the port's behaviour (one consumer at a time per event, redelivery after a failure or a
 * message timeout, parking after `maxRetries`) without a server, for tests of what runs on
 * EventStoreDB's persistent subscriptions. The group's progress lives in memory, kept when
 * its last member leaves (as a server keeps it) until the store closes.
 */
import type {
  CompetingConsumer,
  CompetingConsumerHandler,
  CompetingConsumerOptions,
  CompetingConsumers,
  CompetingConsumerStatus,
  CompetingDelivery,
} from './competing-consumers.ts';
import type { EventStore, RecordedEvent } from './port.ts';

interface Member {
  readonly handler: CompetingConsumerHandler;
  readonly concurrency: number;
  inFlight: number;
  acknowledged: number;
  parked: number;
  closing: boolean;
  error: string | null;
  drained: (() => void)[];
}

interface Group {
  readonly options: CompetingConsumerOptions;
  readonly members: Member[];
  readonly waiting: CompetingDelivery[];
  readonly parked: CompetingDelivery[];
  turn: number;
  roomWaiters: (() => void)[];
}

export interface InMemoryCompetingConsumers extends CompetingConsumers {
  /** The events a group parked, in the order parked. */
  parked(group: string): readonly RecordedEvent[];
}

export function inMemoryCompetingConsumers(store: EventStore): InMemoryCompetingConsumers {
  const groups = new Map<string, Group>();

  /** Hands waiting deliveries to members with room, in turn. */
  const dispatch = (group: Group): void => {
    while (group.waiting.length > 0) {
      const member = nextWithRoom(group);
      if (member === undefined) break;
      deliver(group, member, group.waiting.shift()!);
    }
    if (group.waiting.length < 2 * group.members.length) for (const resolve of group.roomWaiters.splice(0)) resolve();
  };

  /** The next member with room, round robin. */
  const nextWithRoom = (group: Group): Member | undefined => {
    const open = group.members.filter((member) => !member.closing && member.inFlight < member.concurrency);
    if (open.length === 0) return undefined;
    group.turn = (group.turn + 1) % open.length;
    return open[group.turn];
  };

  const deliver = (group: Group, member: Member, delivery: CompetingDelivery): void => {
    member.inFlight++;
    let answered = false;
    const again = (error: unknown) => {
      const retry = { event: delivery.event, retryCount: delivery.retryCount + 1 };
      if (delivery.retryCount >= group.options.maxRetries) {
        group.parked.push(delivery);
        member.parked++;
        member.handler.onError?.(
          new Error(`event ${delivery.event.id} (${delivery.event.type}) parked after ${retry.retryCount} deliveries: ${String(error)}`),
        );
      } else group.waiting.push(retry);
    };
    const timeout = setTimeout(() => {
      answered = true;
      again(new Error('message timeout'));
      dispatch(group);
    }, group.options.messageTimeoutMs);
    timeout.unref();
    member.handler
      .handle(delivery)
      .then(
        () => {
          if (!answered) member.acknowledged++;
        },
        (error: unknown) => {
          member.error = String(error);
          if (!answered) again(error);
        },
      )
      .finally(() => {
        clearTimeout(timeout);
        answered = true;
        member.inFlight--;
        if (member.inFlight === 0) for (const resolve of member.drained.splice(0)) resolve();
        dispatch(group);
      });
  };

  const open = (options: CompetingConsumerOptions): Group => {
    const group: Group = { options, members: [], waiting: [], parked: [], turn: -1, roomWaiters: [] };
    const types = new Set(options.eventTypes);
    store.subscribeToAll(
      { name: `competing consumers ${options.group}` },
      {
        onBatch: async (events) => {
          for (const event of events) if (types.has(event.type)) group.waiting.push({ event, retryCount: 0 });
          dispatch(group);
          // back-pressure: the log is read on only once the members have room
          while (group.waiting.length >= 2 * Math.max(1, group.members.length)) await new Promise<void>((resolve) => group.roomWaiters.push(resolve));
        },
      },
    );
    groups.set(options.group, group);
    return group;
  };

  return {
    subscribe(options, handler): CompetingConsumer {
      const group = groups.get(options.group) ?? open(options);
      const member: Member = { handler, concurrency: options.concurrency, inFlight: 0, acknowledged: 0, parked: 0, closing: false, error: null, drained: [] };
      group.members.push(member);
      dispatch(group);
      return {
        status: (): CompetingConsumerStatus => ({
          state: member.closing ? 'closed' : 'live',
          acknowledged: member.acknowledged,
          parked: member.parked,
          inFlight: member.inFlight,
          error: member.error,
        }),
        async close() {
          member.closing = true;
          if (member.inFlight > 0) await new Promise<void>((resolve) => member.drained.push(resolve));
          group.members.splice(group.members.indexOf(member), 1);
          // the group keeps what it has handled and what waits, for whoever joins next
          dispatch(group);
        },
      };
    },
    parked: (name) => (groups.get(name)?.parked ?? []).map((delivery) => delivery.event),
  };
}
