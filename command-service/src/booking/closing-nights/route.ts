/**
 * POST /hotel/room/close/nights/{hotelID} and /hotel/room/reopen/nights/{hotelID}: the
 * hotel's owner closes units of a listing for a range of nights, and reopens them (beyond the spec).
 */
import { closureMessages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleCloseNights, handleReopenNights } from './handler.ts';

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
