/** GET {prefix}/openapi.json: the API's OpenAPI document, generated once from the route table at start. */
import { openApiDocument, routes } from '@stays/contracts';
import type { RouteMounter } from '@stays/service-kit';

export function mountApiDocument(mount: RouteMounter, apiPrefix: string): void {
  const document = JSON.stringify(openApiDocument({ prefix: apiPrefix }));
  mount(routes.apiDocument, async (ctx) => {
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = document;
  });
}
