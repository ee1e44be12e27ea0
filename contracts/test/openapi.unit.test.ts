import { expect } from 'chai';
import { z } from 'zod';
import { UNDOCUMENTED_ANSWER, failureStatusesOf, openApiDocument, type RouteAnswer, type RouteSpec } from '../src/index.ts';

const upload = { field: 'photos', maxFiles: 2, maxBytes: 1024, tooManyMessage: 'too many', tooLargeMessage: 'too large' };
const table: Record<string, RouteSpec> = {
  listThings: {
    method: 'GET',
    path: '/things/:ownerID',
    side: 'query',
    auth: 'none',
    body: { kind: 'none' },
    query: z.object({ page: z.coerce.number().int().optional() }),
  },
  addThing: {
    method: 'POST',
    path: '/things',
    side: 'command',
    auth: 'hotel-owner',
    body: { kind: 'multipart', schema: z.object({ name: z.string().min(3) }), upload },
  },
  newThing: { method: 'DELETE', path: '/things/:thingID', side: 'command', auth: 'any', body: { kind: 'none' } },
};
const answers: Record<string, RouteAnswer> = {
  listThings: { status: 200, data: z.array(z.object({ _id: z.string() })), extra: { pagination: z.object({ total: z.number() }) } },
  addThing: { status: 201, data: z.object({ _id: z.string() }), failures: [409] },
};

describe('the OpenAPI document generator', () => {
  const document = openApiDocument({ prefix: '/api', table, answers }) as { paths: Record<string, Record<string, Record<string, any>>>; servers: unknown };

  it('writes one operation per route, with OpenAPI paths and the prefix as server', () => {
    expect(document.servers).to.deep.equal([{ url: '/api' }]);
    expect(Object.keys(document.paths).sort()).to.deep.equal(['/things', '/things/{ownerID}', '/things/{thingID}']);
    expect(document.paths['/things/{ownerID}']!.get!.operationId).to.equal('listThings');
  });

  it('puts data and the extra fields in the success envelope', () => {
    const schema = document.paths['/things/{ownerID}']!.get!.responses['200'].content['application/json'].schema;
    expect(schema.properties.data).to.include({ type: 'array' });
    expect(schema.properties.statusCode).to.deep.equal({ const: 200 });
    expect(schema.required).to.deep.equal(['success', 'statusCode', 'message', 'data', 'pagination']);
  });

  it("derives the failures of auth, bodies, path parameters and changes (a full disk refuses them) and adds the route's own", () => {
    expect(failureStatusesOf(table.addThing!, answers.addThing)).to.deep.equal([400, 401, 403, 409, 413, 415, 500, 503]);
    expect(failureStatusesOf(table.newThing!, undefined)).to.deep.equal([401, 404, 500, 503]);
    expect(failureStatusesOf(table.listThings!, answers.listThings)).to.deep.equal([400, 404, 500]);
  });

  it('describes the multipart field with its count and size limits', () => {
    const content = document.paths['/things']!.post!.requestBody.content;
    const form = content['multipart/form-data'].schema;
    expect(form.properties.photos).to.include({ type: 'array', maxItems: 2 });
    expect(form.properties.photos.items.description).to.include('1024 bytes');
    expect(form.properties.name).to.include({ type: 'string', minLength: 3 });
    expect(content['application/json'].schema.properties).not.to.have.property('photos');
  });

  it('marks a route without an answer, naming what to add', () => {
    const operation = document.paths['/things/{thingID}']!.delete!;
    expect(operation[UNDOCUMENTED_ANSWER]).to.equal('add a response schema for newThing in contracts/src/responses.ts');
    expect(operation.security).to.deep.equal([{ bearer: [] }]);
  });
});
