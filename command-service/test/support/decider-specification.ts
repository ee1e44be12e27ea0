/**
 * Given events, when a command, then events (or a domain error): the decider tests' one
 * shape, after Emmett's `DeciderSpecification`. The given events are folded with the
 * aggregate's own `evolve`, so a test states history as the log would hold it.
 *
 *   const given = DeciderSpecification.for(cancelBooking, bookingAggregate);
 *   given(placed).when({ customerId: 'g1', now }).then([cancelled]);
 *   given(placed, paid).when({ customerId: 'g1', now }).thenThrows(Conflict);
 *
 * A decision that reads several streams takes its states by name; the given events are
 * named the same way:
 *
 *   const given = DeciderSpecification.forStreams(addRoom, { room: roomAggregate, hotel: hotelAggregate });
 *   given({ hotel: [hotelCreated] }).when(command).then([roomAdded]);
 */
import { expect } from 'chai';

interface Evolving<State, Event> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
}

/** Any aggregate: its own state and event types are read back from it below. */
interface AnyEvolving {
  readonly initialState: () => unknown;
  readonly evolve: (state: never, event: never) => unknown;
}
type StatesOf<A extends Record<string, AnyEvolving>> = { [K in keyof A]: ReturnType<A[K]['initialState']> };
type EventsOf<A extends Record<string, AnyEvolving>> = { [K in keyof A]?: readonly Parameters<A[K]['evolve']>[1][] };

export interface WhenStep<Command, Result> {
  when(command: Command): ThenStep<Result>;
}

export interface ThenStep<Result> {
  /** The decision returns exactly `expected` (or passes the `expected` check); returns what it returned. */
  then(expected: Result | ((actual: Result) => void)): Result;
  /** The decision records nothing (already done, nothing changes). */
  thenNothing(): void;
  /** The decision refuses with an error of `type`; `check` may look closer. Returns the error. */
  thenThrows<E extends Error>(type: abstract new (...args: never[]) => E, check?: (error: E) => void): E;
}

function thenStep<Result>(decision: () => Result): ThenStep<Result> {
  return {
    then(expected) {
      const actual = decision();
      if (typeof expected === 'function') (expected as (actual: Result) => void)(actual);
      else expect(actual).to.deep.equal(expected);
      return actual;
    },
    thenNothing() {
      expect(decision()).to.deep.equal([]);
    },
    thenThrows(type, check) {
      let result: Result;
      try {
        result = decision();
      } catch (error) {
        expect(error).to.be.instanceOf(type);
        check?.(error as never);
        return error as never;
      }
      throw new Error(`expected the decision to refuse with ${type.name}, but it returned ${JSON.stringify(result)}`);
    },
  };
}

export const DeciderSpecification = {
  /** A decision on one stream: `decide(command, state)`. */
  for<Command, State, Event, Result>(
    decide: (command: Command, state: State) => Result,
    aggregate: Evolving<State, Event>,
  ): (...events: Event[]) => WhenStep<Command, Result> {
    return (...events) => ({
      when: (command) => thenStep(() => decide(command, events.reduce(aggregate.evolve, aggregate.initialState()))),
    });
  },

  /** A decision that reads several streams: `decide(command, { name: state, ... })`. */
  forStreams<Command, Aggregates extends Record<string, AnyEvolving>, Result>(
    decide: (command: Command, states: StatesOf<Aggregates>) => Result,
    aggregates: Aggregates,
  ): (events?: EventsOf<Aggregates>) => WhenStep<Command, Result> {
    return (events = {}) => ({
      when: (command) =>
        thenStep(() => {
          const states = Object.fromEntries(
            Object.entries(aggregates).map(([name, aggregate]) => {
              const { initialState, evolve } = aggregate as Evolving<unknown, unknown>;
              return [name, ((events as Record<string, readonly unknown[] | undefined>)[name] ?? []).reduce(evolve, initialState())];
            }),
          ) as StatesOf<Aggregates>;
          return decide(command, states);
        }),
    });
  },
};
