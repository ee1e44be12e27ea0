/**
 * Closing nights of a listing and reopening them, as pure decisions on its inventory
 * (`inventory-{roomId}`): closed units are taken as a booking takes them, so a closure
 * and a booking decide against the same revision and can never together take more
 * units than the listing has.
 */
import { closeNightsRequest, closureMessages, closureRangeProblem, labelsOf, messages, reopenNightsRequest, type InventoryEvent } from '@stays/contracts';
import { Conflict, InvalidInput, NotFound } from '../../domain-errors.ts';
import { ownedHotel, type HotelState } from '../../hotels/hotel.ts';
import type { RoomState } from '../../rooms/room.ts';
import type { InventoryState } from '../inventory.ts';

/** A refused field, worded as the request check words it: with the labels the form registers on its request schema. */
const invalidField = (schema: Parameters<typeof labelsOf>[0], field: string, reason: string) =>
  new InvalidInput(field, messages.validation.problem(field, reason, labelsOf(schema)));

/** What closing and reopening read: the hotel (whose owner may do it), the listing, and its inventory (decided on). */
export interface ClosureStates {
  readonly hotel: HotelState;
  readonly room: RoomState;
  readonly inventory: InventoryState;
}

export interface CloseNights {
  readonly closureId: string;
  readonly ownerId: string;
  readonly hotelId: string;
  readonly roomId: string;
  /** Each night to close, in order (1 to 365 of them: the request's schema reads the range). */
  readonly nights: readonly string[];
  readonly units: number;
  readonly note?: string;
  readonly now: Date;
}

/** The hotel's owner, a listing of that hotel: the listing's units, or a refusal. */
function ownedListing(command: { ownerId: string; hotelId: string; roomId: string }, { hotel, room }: Pick<ClosureStates, 'hotel' | 'room'>): number {
  ownedHotel(hotel, command.ownerId);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a room that is not listed has no hotel or room id, so the other two tests refuse it too
  if (room.status !== 'listed' || room.hotelId !== command.hotelId || room.roomId !== command.roomId) throw new NotFound(messages.server.roomNotFound);
  return room.details.totalUnits;
}

/**
 * Closes `units` on every night, from today (India) to the horizon, or refuses naming the
 * first night that has fewer units free (neither booked nor closed). The same closure id
 * twice closes once.
 */
export function closeNights(command: CloseNights, { inventory, ...listing }: ClosureStates): InventoryEvent[] {
  const totalUnits = ownedListing(command, listing);
  if (command.nights.length === 0) throw invalidField(closeNightsRequest, 'from', closureMessages.toBeforeFrom);
  const first = command.nights[0]!;
  const last = command.nights[command.nights.length - 1]!;
  const rangeProblem = closureRangeProblem(first, last, command.now);
  if (rangeProblem !== null) throw invalidField(closeNightsRequest, rangeProblem.field, rangeProblem.reason);
  if (command.units > totalUnits) throw invalidField(closeNightsRequest, 'units', closureMessages.moreUnitsThanListing(totalUnits));
  if (inventory.closures.has(command.closureId)) return [];
  const free = (night: string) => Math.max(0, totalUnits - (inventory.taken.get(night) ?? 0));
  const short = command.nights.find((night) => free(night) < command.units);
  if (short !== undefined) throw new Conflict(closureMessages.notEnoughFree(short, free(short), command.units));
  const { closureId, roomId, hotelId, units, note } = command;
  return [
    {
      type: 'NightsClosed',
      data: { closureId, roomId, hotelId, nights: [...command.nights], units, source: { kind: 'owner' }, ...(note !== undefined && { note }) },
    },
  ];
}

export interface ReopenNights {
  readonly closureId: string;
  readonly ownerId: string;
  readonly hotelId: string;
  readonly roomId: string;
  /** Reopen only the closure's nights from this one (included); all when left out. */
  readonly from?: string;
  /** Reopen only the closure's nights up to this one (included); all when left out. */
  readonly to?: string;
}

/** Gives back the closure's units on its nights within from..to (all of them by default); a closure unknown or already reopened is not found. */
export function reopenNights(command: ReopenNights, { inventory, ...listing }: ClosureStates): InventoryEvent[] {
  ownedListing(command, listing);
  const closure = inventory.closures.get(command.closureId);
  if (closure === undefined || closure.source.kind !== 'owner') throw new NotFound(closureMessages.closureNotFound);
  const nights = closure.nights.filter((night) => (command.from === undefined || night >= command.from) && (command.to === undefined || night <= command.to));
  const field = command.from !== undefined ? 'from' : 'to';
  if (nights.length === 0) throw invalidField(reopenNightsRequest, field, closureMessages.noNightOfClosureInRange);
  return [{ type: 'NightsReopened', data: { closureId: command.closureId, roomId: command.roomId, nights, units: closure.units } }];
}
