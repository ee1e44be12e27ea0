/**
 * The OpenAPI document against what the services really mount: every route of the command
 * and query routers has an operation, every operation a route, every route an answer; the
 * document is served at {prefix}/openapi.json and the reference page at /api-docs.
 */
import { expect } from 'chai';
import type Koa from 'koa';
import { openApiPath, routesWithoutAnswers } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';

interface RouterLayer {
  readonly path: string | RegExp;
  readonly methods: readonly string[];
}

/** 'GET /hotel/{hotelID}' for every route the app's routers mount under the prefix. */
function mountedOperations(app: Koa): string[] {
  const found: string[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: { stack: readonly RouterLayer[] } }).router;
    for (const layer of router?.stack ?? []) {
      if (typeof layer.path !== 'string' || !layer.path.startsWith(`${API}/`) || layer.methods.length === 0) continue;
      for (const method of layer.methods.filter((name) => name !== 'HEAD')) found.push(`${method} ${openApiPath(layer.path.slice(API.length))}`);
    }
  }
  return found;
}

function documentedOperations(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
}

describe('the OpenAPI document', () => {
  let system: TestSystem;
  let api: ApiClient;
  before(async () => {
    system = await startTestSystem();
    api = new ApiClient(system.baseUrl);
  });
  after(() => system.destroy());

  it('is served under the API prefix as OpenAPI 3.1, with the prefix as its server', async () => {
    const answer = await api.get('/openapi.json');
    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.match(/^application\/json/);
    expect(answer.body.openapi).to.equal('3.1.0');
    expect(answer.body.servers).to.deep.equal([{ url: API }]);
  });

  it('has an operation for every route the services mount, and a mounted route for every operation', async () => {
    const document = (await api.get('/openapi.json')).body;
    const mounted = [...mountedOperations(system.system.apps.command), ...mountedOperations(system.system.apps.query)].sort();
    expect(mounted.length).to.be.greaterThan(50);
    expect(documentedOperations(document).sort()).to.deep.equal(mounted);
  });

  it('documents the answer of every route (add a response schema in contracts/src/responses.ts for a new route)', () => {
    const missing = routesWithoutAnswers();
    expect(missing, missing.map((name) => `add a response schema for ${name} in contracts/src/responses.ts`).join('; ')).to.deep.equal([]);
  });

  it('describes the envelope, auth, each failure status and the multipart limits', async () => {
    const { body: document } = await api.get('/openapi.json');
    const book = document.paths['/hotel/booking/book/hotel'].post;
    expect(book.security).to.deep.equal([{ bearer: [] }]);
    expect(Object.keys(book.responses)).to.include.members(['201', '400', '401', '403', '409', '413', '415']);
    expect(book.responses['401'].content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/FailureEnvelope' });
    const created = book.responses['201'].content['application/json'].schema;
    expect(created.required).to.include.members(['success', 'statusCode', 'message', 'data']);
    const createHotel = document.paths['/hotel/data/create/hotel'].post.requestBody.content['multipart/form-data'].schema;
    expect(createHotel.properties.imageURLs).to.include({ type: 'array', maxItems: 10 });
    expect(createHotel.properties.hotelName).to.include({ type: 'string' });
    const hotelPage = document.paths['/hotel/data/get/specific/{hotelID}'].get;
    expect(hotelPage.parameters[0]).to.deep.equal({ name: 'hotelID', in: 'path', required: true, schema: { type: 'string' } });
    expect(hotelPage.parameters.map((parameter: { name: string }) => parameter.name)).to.deep.equal(['hotelID', 'X-Min-Position']);
    expect(hotelPage).not.to.have.property('security');
    expect(document.paths['/hotel/data/get/search'].get.parameters.map((parameter: { in: string }) => parameter.in)).to.include('query');
  });

  it('answers /api-docs with the reference page under a CSP of its own', async () => {
    const page = await fetch(`${system.baseUrl}/api-docs`);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include(`${API}/openapi.json`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).to.include("script-src 'self'");
    expect(csp).not.to.include('unsafe-inline');
    const bundle = await fetch(`${system.baseUrl}/api-docs/swagger-ui-bundle.js`);
    expect(bundle.status).to.equal(200);
    expect(bundle.headers.get('content-type')).to.match(/javascript/);
  });
});
