/**
 * The inventory aggregate (stream `inventory-{roomId}`): units of a listing taken per
 * night, by bookings and by nights closed to booking. Every booking and every closure
 * appends here at the revision it read, so a closure and a booking can never both take the
 * last unit of a night: one append wins, the other re-reads and sees it gone.
 * The decisions on it are in placing-booking/, giving-back/ and closing-nights/.
 */
import { inventoryEventTypes, type ClosureSource, type InventoryEvent } from '@stays/contracts';

/** Units a closure holds on each of its nights still closed, and who closed them. */
export interface Closure {
  readonly nights: readonly string[];
  readonly units: number;
  readonly source: ClosureSource;
}

export interface InventoryState {
  /** Night (YYYY-MM-DD) → units taken: booked plus closed. */
  readonly taken: ReadonlyMap<string, number>;
  /** Booking → what it holds, so a release gives back exactly that, once. */
  readonly holdings: ReadonlyMap<string, { readonly nights: readonly string[]; readonly units: number }>;
  /** Closure → the nights it still holds closed; a closure whose every night was reopened leaves. */
  readonly closures: ReadonlyMap<string, Closure>;
}

const initialInventoryState = (): InventoryState => ({ taken: new Map(), holdings: new Map(), closures: new Map() });

function withTaken(taken: ReadonlyMap<string, number>, nights: readonly string[], units: number): Map<string, number> {
  const next = new Map(taken);
  for (const night of nights) next.set(night, (next.get(night) ?? 0) + units);
  return next;
}

function evolveInventory(state: InventoryState, event: InventoryEvent): InventoryState {
  switch (event.type) {
    case 'UnitsReserved': {
      const { bookingID, nights, units } = event.data;
      return { ...state, taken: withTaken(state.taken, nights, units), holdings: new Map(state.holdings).set(bookingID, { nights, units }) };
    }
    case 'UnitsReleased': {
      const { bookingID, nights, units } = event.data;
      const holdings = new Map(state.holdings);
      holdings.delete(bookingID);
      return { ...state, taken: withTaken(state.taken, nights, -units), holdings };
    }
    case 'NightsClosed': {
      const { closureId, nights, units, source } = event.data;
      return { ...state, taken: withTaken(state.taken, nights, units), closures: new Map(state.closures).set(closureId, { nights, units, source }) };
    }
    case 'NightsReopened': {
      const { closureId, nights, units } = event.data;
      const closures = new Map(state.closures);
      const closure = closures.get(closureId);
      // Stryker disable next-line ArrayDeclaration: an unknown closure is deleted on the next line whatever `left` holds
      const left = closure?.nights.filter((night) => !nights.includes(night)) ?? [];
      if (closure === undefined || left.length === 0) closures.delete(closureId);
      else closures.set(closureId, { ...closure, nights: left });
      return { ...state, taken: withTaken(state.taken, nights, -units), closures };
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the type checker proves the switch covers every event
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const inventoryAggregate = { initialState: initialInventoryState, evolve: evolveInventory, eventTypes: inventoryEventTypes };
