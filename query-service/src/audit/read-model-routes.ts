/**
 * The read models' versions for auditors (the dashboard's read models page): as the read
 * store records them (registry and checkpoints), so any query service answers the same
 * while the projections' process builds, switches and drops versions.
 */
import { messages, routes } from '@stays/contracts';
import { recordedReadModels } from '@stays/projections';
import { respond } from '@stays/service-kit';
import type { QueryContext } from '../query-context.ts';

export function mountReadModelRoutes({ deps, mount }: QueryContext): void {
  mount(routes.auditReadModels, async (ctx) => {
    respond(ctx, 200, messages.server.readModelsFound, await recordedReadModels(deps.readStore, await deps.logHead()));
  });
}
