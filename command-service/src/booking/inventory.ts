/**
 * The inventory aggregate (stream `inventory-{roomId}`): units of a listing taken per
 * night. Every booking appends here at the revision it read, so two guests can never both
 * take the last unit of a night: one append wins, the other re-reads and sees it gone.
 */
import { messages, type InventoryEvent } from '@stays/contracts';
import { ConflictError } from '@stays/service-kit';

export interface InventoryState {
  /** Night (YYYY-MM-DD) → units taken. */
  readonly taken: ReadonlyMap<string, number>;
  /** Booking → what it holds, so a release gives back exactly that, once. */
  readonly holdings: ReadonlyMap<string, { readonly nights: readonly string[]; readonly units: number }>;
}

const initialInventoryState = (): InventoryState => ({ taken: new Map(), holdings: new Map() });

function evolveInventory(state: InventoryState, event: InventoryEvent): InventoryState {
  const { bookingID, nights, units } = event.data;
  const sign = event.type === 'UnitsReserved' ? 1 : -1;
  const taken = new Map(state.taken);
  for (const night of nights) taken.set(night, (taken.get(night) ?? 0) + sign * units);
  const holdings = new Map(state.holdings);
  if (event.type === 'UnitsReserved') holdings.set(bookingID, { nights, units });
  else holdings.delete(bookingID);
  return { taken, holdings };
}

export const inventoryAggregate = { initialState: initialInventoryState, evolve: evolveInventory };

export interface ReserveUnits {
  readonly bookingID: string;
  readonly roomId: string;
  readonly nights: readonly string[];
  readonly units: number;
  readonly totalUnits: number;
}

/** Takes `units` on every night, or refuses naming the first night without enough free units. */
export function reserveUnits(command: ReserveUnits, state: InventoryState): InventoryEvent[] {
  if (state.holdings.has(command.bookingID)) return [];
  const full = command.nights.find((night) => (state.taken.get(night) ?? 0) + command.units > command.totalUnits);
  if (full !== undefined) throw new ConflictError(messages.server.soldOut(full));
  const { bookingID, roomId, nights, units } = command;
  return [{ type: 'UnitsReserved', data: { bookingID, roomId, nights: [...nights], units } }];
}

/** Gives back what a booking holds; nothing when it holds nothing (already released). */
export function releaseUnits(command: { bookingID: string; roomId: string }, state: InventoryState): InventoryEvent[] {
  const holding = state.holdings.get(command.bookingID);
  if (holding === undefined) return [];
  return [{ type: 'UnitsReleased', data: { bookingID: command.bookingID, roomId: command.roomId, nights: [...holding.nights], units: holding.units } }];
}
