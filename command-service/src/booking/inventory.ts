/**
 * The inventory aggregate (stream `inventory-{roomId}`): units of a listing taken per
 * night. Every booking appends here at the revision it read, so two guests can never both
 * take the last unit of a night: one append wins, the other re-reads and sees it gone.
 * The decisions on it are in placing-booking/ and giving-back/.
 */
import { inventoryEventTypes, type InventoryEvent } from '@stays/contracts';

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

export const inventoryAggregate = { initialState: initialInventoryState, evolve: evolveInventory, eventTypes: inventoryEventTypes };
