/**
 * GET {prefix}/openapi.json: the API's OpenAPI document, generated from the route table on
 * the first call (about a tenth of a second, kept off the service's start) and kept.
 */
import { openApiDocument, routes } from '@stays/contracts';
import type { RouteMounter } from '@stays/service-kit';

export function mountApiDocument(mount: RouteMounter, apiPrefix: string): void {
  let document: string | undefined;
  mount(routes.apiDocument, async (ctx) => {
    document ??= JSON.stringify(openApiDocument({ prefix: apiPrefix }));
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = document;
  });
}
