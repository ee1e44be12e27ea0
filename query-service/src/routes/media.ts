import { routes } from '@stays/contracts';
import { NotFoundError, isValidMediaId } from '@stays/service-kit';
import type { QueryContext } from '../query-context.ts';

/** Images and invoices from the media store, with their stored content type. */
export function mountMediaRoutes({ deps, mount }: QueryContext): void {
  mount(routes.media, async (ctx) => {
    const id = ctx.params.id ?? '';
    const object = isValidMediaId(id) ? await deps.media.get(id) : null;
    if (object === null) throw new NotFoundError();
    ctx.status = 200;
    ctx.type = object.contentType;
    ctx.length = object.size;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, max-age=86400');
    if (object.contentType === 'application/pdf') ctx.set('Content-Disposition', `inline; filename="${id}"`);
    ctx.body = object.body;
  });
}
