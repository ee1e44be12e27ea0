/**
 * The occupancy and revenue read model's calls: an owner's own hotel (their token says
 * which), and every city for auditors with the month their view opens on. None holds
 * personal data, so an auditor's read of it is not recorded in the audit trail.
 */
import { indiaToday, messages, routes } from '@stays/contracts';
import { NotFoundError, authOf, respond } from '@stays/service-kit';
import type { QueryContext } from '../query-context.ts';

export function mountOccupancyRoutes({ readModels, mount }: QueryContext): void {
  mount(routes.ownerOccupancy, async (ctx) => {
    const occupancy = await readModels.occupancy.ofOwner(authOf(ctx).accountId, indiaToday(new Date()));
    if (occupancy === null) throw new NotFoundError(messages.server.noHotelYet);
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.occupancyFound, occupancy);
  });

  mount(routes.auditOccupancy, async (ctx) => {
    const month = ctx.input.query.month ?? indiaToday(new Date()).slice(0, 7);
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.occupancyFound, await readModels.occupancy.ofCities(month));
  });

  mount(routes.auditOccupancyOpeningMonth, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, messages.server.occupancyFound, await readModels.occupancy.openingMonth(indiaToday(new Date())));
  });
}
