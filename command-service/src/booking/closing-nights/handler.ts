/**
 * Closing and reopening nights: loads the hotel and the listing, then decides on the
 * listing's inventory at the revision read (a booking appended in between makes the
 * append retry on the new state).
 */
import { randomBytes } from 'node:crypto';
import { streams, type CloseNightsRequest, type ReopenNightsRequest, closureMessages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type CommandMetadata, type Positioned } from '../../handle.ts';
import { loadHotel } from '../../hotels/hotel-streams.ts';
import { loadRoom } from '../../rooms/listings.ts';
import { inventoryAggregate } from '../inventory.ts';
import { closeNights, reopenNights, type ClosureStates } from './decide.ts';

/** A closure's id: 'CL-' and 16 hex digits (64 random bits); the owner never types it. */
const newClosureId = () => `CL-${randomBytes(8).toString('hex').toUpperCase()}`;

async function contextOf(deps: StoreDeps, hotelId: string, roomId: string): Promise<Omit<ClosureStates, 'inventory'>> {
  const [hotel, room] = await Promise.all([loadHotel(deps.store, hotelId), loadRoom(deps.store, roomId)]);
  return { hotel, room };
}

export async function handleCloseNights(
  deps: StoreDeps,
  ownerId: string,
  hotelId: string,
  input: CloseNightsRequest,
): Promise<Positioned<{ closureID: string; nights: readonly string[]; units: number }>> {
  const metadata: CommandMetadata = { actor: ownerId };
  const context = await contextOf(deps, hotelId, input.roomID);
  const command = {
    closureId: newClosureId(),
    ownerId,
    hotelId,
    roomId: input.roomID,
    nights: input.nights,
    units: input.units,
    ...(input.note !== undefined && { note: input.note }),
    now: deps.now(),
  };
  const { position } = await handle(
    deps.store,
    streams.inventory(input.roomID),
    inventoryAggregate,
    (inventory) => closeNights(command, { ...context, inventory }),
    metadata,
  );
  return { value: { closureID: command.closureId, nights: input.nights, units: input.units }, position };
}

export async function handleReopenNights(
  deps: StoreDeps,
  ownerId: string,
  hotelId: string,
  input: ReopenNightsRequest,
): Promise<Positioned<{ nights: readonly string[] }>> {
  const metadata: CommandMetadata = { actor: ownerId };
  const context = await contextOf(deps, hotelId, input.roomID);
  const command = {
    closureId: input.closureID,
    ownerId,
    hotelId,
    roomId: input.roomID,
    ...(input.from !== undefined && { from: input.from }),
    ...(input.to !== undefined && { to: input.to }),
  };
  const { newEvents, position } = await handle(
    deps.store,
    streams.inventory(input.roomID),
    inventoryAggregate,
    (inventory) => reopenNights(command, { ...context, inventory }),
    metadata,
  );
  const nights = newEvents.flatMap((event) => (event.type === 'NightsReopened' ? event.data.nights : []));
  return { value: { nights }, position };
}

/**
 * POST /hotel/room/close/nights/{hotelID} and /hotel/room/reopen/nights/{hotelID}: the
 * hotel's owner closes units of a listing for a range of nights, and reopens them (beyond the spec).
 */
export const mountClosingNights: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.closeNights, async (ctx) => {
    const { value, position } = await handleCloseNights(deps.hotels, authOf(ctx).accountId, ctx.input.params.hotelID, ctx.input.body);
    await committed(ctx, position);
    respond(ctx, 201, closureMessages.nightsClosed, value);
  });
  mount(routes.reopenNights, async (ctx) => {
    const { value, position } = await handleReopenNights(deps.hotels, authOf(ctx).accountId, ctx.input.params.hotelID, ctx.input.body);
    await committed(ctx, position);
    respond(ctx, 200, closureMessages.nightsReopened, value);
  });
};
