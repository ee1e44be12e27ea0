/**
 * The OpenAPI 3.1 document of the API, generated from the route table (method, path, who may
 * call, body and query schemas, upload limits) and the routes' answers (contracts
 * responses.ts). Pure: the same table gives the same document, so it cannot say something
 * the services do not do. zod writes JSON Schema 2020-12, the dialect of OpenAPI 3.1.
 */
import { z } from 'zod';
import { routeAnswers, failureStatusesOf, type RouteAnswer } from './responses.ts';
import { routes, type RouteName, type RouteSpec } from './routes.ts';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  /** The API prefix every path is under (the document's server URL). */
  readonly prefix: string;
  /** The table to document (tests pass their own). */
  readonly table?: Readonly<Record<string, RouteSpec>>;
  readonly answers?: Readonly<Record<string, RouteAnswer | undefined>>;
}

/** The operation of a route without an entry in `routeAnswers` says so, here and in every check of its answers. */
export const UNDOCUMENTED_ANSWER = 'x-undocumented-answer';

const FAILURE_REF = '#/components/schemas/FailureEnvelope';

const failureEnvelope: JsonSchema = {
  type: 'object',
  description: 'The failure envelope every refused or failed call answers with.',
  properties: {
    success: { const: false },
    statusCode: { type: 'integer' },
    message: { type: 'string', description: 'A sentence a person can read.' },
    field: { type: 'string', description: 'The request field that was wrong (validation failures).' },
  },
  required: ['success', 'statusCode', 'message'],
};

const statusText: Record<number, string> = {
  400: 'The body, query or files were refused (the message names the field).',
  401: 'No token, or an expired or revoked one.',
  403: 'A token of another role, or a resource of someone else.',
  404: 'The resource of the path does not exist.',
  409: 'The call conflicts with the current state (a taken email, a booked night, a concurrent change).',
  413: 'The body or a file is over its limit.',
  415: 'A content type the route does not read.',
  429: 'Too many attempts: wait the Retry-After seconds.',
  500: 'An unexpected error (its details are logged, never answered).',
  503: 'Busy or not ready: retry after the Retry-After seconds.',
};

/** JSON Schema of a zod schema, as an embedded schema (no `$schema` of its own). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** '/hotel/:hotelID' as OpenAPI writes it: '/hotel/{hotelID}'. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

const successEnvelope = (answer: RouteAnswer): JsonSchema => {
  const extra = Object.fromEntries(Object.entries(answer.extra ?? {}).map(([key, schema]) => [key, jsonSchemaOf(schema, 'output')]));
  return {
    type: 'object',
    properties: {
      success: { const: true },
      statusCode: { const: answer.status },
      message: { type: 'string' },
      data: answer.data !== undefined ? jsonSchemaOf(answer.data, 'output') : {},
      ...extra,
    },
    required: ['success', 'statusCode', 'message', 'data', ...Object.keys(extra)],
  };
};

function successResponse(answer: RouteAnswer): JsonSchema {
  if (answer.raw !== undefined) {
    return {
      description: answer.raw.description,
      content: { [answer.raw.contentType]: answer.raw.schema !== undefined ? { schema: jsonSchemaOf(answer.raw.schema, 'output') } : {} },
    };
  }
  return { description: 'Success, in the envelope.', content: { 'application/json': { schema: successEnvelope(answer) } } };
}

function requestBodyOf(route: RouteSpec): JsonSchema | undefined {
  const body = route.body;
  if (body.kind === 'none') return undefined;
  const fields = body.schema !== undefined ? jsonSchemaOf(body.schema, 'input') : { type: 'object' };
  const limit = `JSON up to ${body.limit ?? '100kb'}.`;
  if (body.kind === 'json') return { required: body.schema !== undefined, description: limit, content: { 'application/json': { schema: fields } } };
  const { field, maxFiles, maxBytes } = body.upload;
  const properties = (fields.properties ?? {}) as Record<string, JsonSchema>;
  const files: JsonSchema = {
    type: 'array',
    maxItems: maxFiles,
    items: { type: 'string', contentMediaType: 'application/octet-stream', description: `At most ${maxBytes} bytes.` },
    description: `Up to ${maxFiles} file(s) of at most ${maxBytes} bytes each (an image: JPEG, PNG, WebP, GIF, AVIF or TIFF, stored as WebP).`,
  };
  return {
    required: true,
    description: `A form with up to ${maxFiles} file(s) in \`${field}\`, ${maxBytes} bytes each; or, without files, ${limit}`,
    content: {
      'multipart/form-data': {
        schema: { ...fields, properties: { ...properties, [field]: files } },
        encoding: { [field]: { contentType: 'image/*' } },
      },
      'application/json': { schema: fields },
    },
  };
}

/** Every read takes it: the answer waits (bounded) until the read side has reached the position a command answered. */
const minPosition: JsonSchema = {
  name: 'X-Min-Position',
  in: 'header',
  required: false,
  description: 'Read your writes: the commit position a command answered (400 when it is not a whole number or past the log).',
  schema: { type: 'string', pattern: '^[0-9]+$' },
};

function parametersOf(route: RouteSpec): JsonSchema[] {
  const inPath = [
    ...[...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(route.side === 'query' ? [minPosition] : []),
  ];
  if (route.query === undefined) return inPath;
  const query = jsonSchemaOf(route.query, 'input');
  const required = new Set((query.required as string[] | undefined) ?? []);
  const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
  return [...inPath, ...Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))];
}

const whoMayCall = (route: RouteSpec): string =>
  route.auth === 'none' ? 'Anyone.' : route.auth === 'any' ? 'A signed-in guest or owner.' : `A bearer token of the role \`${route.auth}\`.`;

function operationOf(name: string, route: RouteSpec, answer: RouteAnswer | undefined): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  if (answer !== undefined) responses[String(answer.status)] = successResponse(answer);
  for (const status of failureStatusesOf(route, answer)) {
    responses[String(status)] = { description: statusText[status] ?? 'Refused.', content: { 'application/json': { schema: { $ref: FAILURE_REF } } } };
  }
  const requestBody = requestBodyOf(route);
  const parameters = parametersOf(route);
  return {
    operationId: name,
    tags: [route.path.split('/')[1] ?? 'api'],
    summary: name,
    description: `${whoMayCall(route)} Answered by the ${route.side} service.`,
    ...(route.auth !== 'none' && { security: [{ bearer: [] }] }),
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody !== undefined && { requestBody }),
    responses,
    ...(answer === undefined && { [UNDOCUMENTED_ANSWER]: `add a response schema for ${name} in contracts/src/responses.ts` }),
  };
}

/** The whole document. */
export function openApiDocument(options: OpenApiOptions): JsonSchema {
  const table = options.table ?? routes;
  const answers: Readonly<Record<string, RouteAnswer | undefined>> = options.answers ?? routeAnswers;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, route] of Object.entries(table)) {
    const operations = (paths[openApiPath(route.path)] ??= {});
    operations[route.method.toLowerCase()] = operationOf(name, route, answers[name]);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Stays API',
      version: '1.0.0',
      description: 'Every call of the Stays booking product. Generated from the route table in contracts; every API test checks its answers against it.',
    },
    servers: [{ url: options.prefix }],
    paths,
    components: {
      schemas: { FailureEnvelope: failureEnvelope },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

/** Routes of the table without an answer in `routeAnswers`. */
export const routesWithoutAnswers = (table: Readonly<Record<string, RouteSpec>> = routes): RouteName[] =>
  (Object.keys(table) as RouteName[]).filter((name) => routeAnswers[name] === undefined);
