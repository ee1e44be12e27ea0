/**
 * GET /user/export and /hotel/owner/export: the caller's copy of their data, as a JSON
 * file to save (not the answer envelope: the file is the person's, to keep or hand to
 * another service). Never cached anywhere on the way.
 */
import { indiaToday, routes } from '@stays/contracts';
import { accountAuthOf, type RouteHandler } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleExportData } from './handler.ts';

export const mountExportingData: CommandRoute = ({ deps, mount }) => {
  const exportDeps = { store: deps.eventStore, now: deps.now, mediaLinks: deps.mediaLinks, hotelStreams: deps.hotelStreams };
  const exportData: RouteHandler<typeof routes.customerExport | typeof routes.ownerExport> = async (ctx) => {
    const document = await handleExportData(exportDeps, accountAuthOf(ctx));
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Content-Disposition', `attachment; filename="stays-my-data-${indiaToday(new Date(document.generatedAt))}.json"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = JSON.stringify(document, null, 2);
  };
  mount(routes.customerExport, exportData);
  mount(routes.ownerExport, exportData);
};
