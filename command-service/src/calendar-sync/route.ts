/**
 * The owner's calendar sync commands (POST hotel/room/calendar/feeds/add|remove/{hotelID} and
 * hotel/room/calendar/export/renew/{hotelID}) and the public export feed behind its secret link
 * (GET {api_prefix}/calendar/{roomId}/{token}.ics), beyond the spec.
 */
import { calendarSyncMessages, routes } from '@stays/contracts';
import { NotFoundError, authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../command-context.ts';
import { exportFeedOf, handleAddFeed, handleRemoveFeed, handleRenewExport } from './handler.ts';

export const mountCalendarSync: CommandRoute = ({ deps, mount, committed }) => {
  const links = () => {
    if (deps.calendarFeedLinks === undefined) throw new NotFoundError();
    return deps.calendarFeedLinks;
  };
  mount(routes.addCalendarFeed, async (ctx) => {
    const { roomID, url } = ctx.input.body;
    const { value, position } = await handleAddFeed(deps.hotels, { ownerId: authOf(ctx).accountId, hotelId: ctx.input.params.hotelID, roomId: roomID, url });
    await committed(ctx, position);
    respond(ctx, 201, calendarSyncMessages.feedAdded, value);
  });
  mount(routes.removeCalendarFeed, async (ctx) => {
    const { roomID, feedID } = ctx.input.body;
    const { value, position } = await handleRemoveFeed(deps.hotels, {
      ownerId: authOf(ctx).accountId,
      hotelId: ctx.input.params.hotelID,
      roomId: roomID,
      feedId: feedID,
    });
    await committed(ctx, position);
    respond(ctx, 200, calendarSyncMessages.feedRemoved, value);
  });
  mount(routes.renewCalendarExport, async (ctx) => {
    const { value, position } = await handleRenewExport(deps.hotels, links(), {
      ownerId: authOf(ctx).accountId,
      hotelId: ctx.input.params.hotelID,
      roomId: ctx.input.body.roomID,
    });
    await committed(ctx, position);
    respond(ctx, 200, calendarSyncMessages.exportRenewed, value);
  });
  mount(routes.calendarExportFeed, async (ctx) => {
    const { roomID, feedFile } = ctx.input.params;
    const feed = await exportFeedOf(deps.hotels, links(), roomID, feedFile);
    if (feed === null) throw new NotFoundError();
    ctx.status = 200;
    ctx.type = 'text/calendar; charset=utf-8';
    // sites poll it: a few minutes' staleness is fine, and a private link is kept by no shared cache
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.set('Content-Disposition', 'inline; filename="calendar.ics"');
    ctx.body = feed;
  });
};
