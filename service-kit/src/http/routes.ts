/**
 * Mounts handlers from the contracts route table. Each entry declares who may call it, how
 * its body is read and the schemas its input must pass; the mounter applies exactly that —
 * the role (401/403), the body parser, the upload limits, validation (400 naming the field)
 * — and hands the handler the result as a typed `ctx.input`, as outline's `validate`
 * middleware does. A handler is left with what is particular to its call.
 */
import Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import { messages, routeNameOf, routes, type Auth, type BodyOf, type PathParams, type QueryOf, type RouteSpec, type Side } from '@stays/contracts';
import { AppError, BadRequestError } from './errors.ts';
import { bodyFields, jsonBody, multipartBody, uploadedFieldNames, uploadedFiles, type UploadedFile } from './bodies.ts';
import { validate } from './validate.ts';
import { checkedQueries } from './checked-queries.ts';

export interface RouteInput<R extends RouteSpec> {
  /** The path's `:params`, decoded. */
  readonly params: PathParams<R['path']>;
  /** The body as the entry's schema gives it (undefined for a route without one). */
  readonly body: BodyOf<R>;
  /** The query string as the entry's schema gives it (undefined for a route without one). */
  readonly query: QueryOf<R>;
  /** The files sent under the entry's upload field, in the order sent ([] for other routes); deleted when the request ends. */
  readonly files: readonly UploadedFile[];
}

export type RouteContext<R extends RouteSpec> = ParameterizedContext & { input: RouteInput<R> };
export type RouteHandler<R extends RouteSpec> = (ctx: RouteContext<R>) => Promise<void>;
/** Mounts one table entry's handler. */
export type RouteMounter = <R extends RouteSpec>(route: R, handler: RouteHandler<R>) => void;

export interface ApiRouterOptions {
  /** The API prefix every path is under. */
  readonly prefix: string;
  /** The service's side: only its entries may be mounted, and every one of them must be. */
  readonly side: Side;
  /** Requires a bearer token of the role ('any' or one role); see `authenticate`. */
  readonly authenticate: (required: Exclude<Auth, 'none'>) => Middleware;
}

export interface ApiRouter {
  readonly mount: RouteMounter;
  /** The routes' middleware. Throws, naming them, when entries of this side have no handler. */
  middleware(): Middleware[];
}

export function createApiRouter(options: ApiRouterOptions): ApiRouter {
  const router = new Router({ prefix: options.prefix });
  const mounted = new Set<RouteSpec>();

  const mount: RouteMounter = (route, handler) => {
    const name = routeNameOf(route) ?? route.path;
    if (route.side !== options.side) throw new Error(`route ${name} belongs to the ${route.side} side, not the ${options.side} side`);
    if (mounted.has(route)) throw new Error(`route ${name} is mounted twice`);
    mounted.add(route);
    const middleware: Middleware[] = [];
    if (route.auth !== 'none') middleware.push(options.authenticate(route.auth));
    const parse = bodyParserOf(route);
    if (parse !== null) middleware.push(parse);
    middleware.push(inputOf(route), handler as unknown as Middleware);
    router.register(route.path, [route.method], middleware);
  };

  return {
    mount,
    middleware: () => {
      const missing = (Object.keys(routes) as (keyof typeof routes)[]).filter((name) => routes[name].side === options.side && !mounted.has(routes[name]));
      if (missing.length > 0) throw new Error(`no handler mounted for the ${options.side} routes ${missing.join(', ')}`);
      return [router.routes() as Middleware, router.allowedMethods({ throw: true }) as Middleware];
    },
  };
}

function bodyParserOf(route: RouteSpec): Middleware | null {
  const body = route.body;
  switch (body.kind) {
    case 'none':
      return null;
    case 'json':
      return jsonBody(body.limit !== undefined ? { limit: body.limit } : {});
    case 'multipart':
      // one file more than allowed is parsed, so that the count is refused naming the field (below)
      return multipartBody({
        maxFileBytes: body.upload.maxBytes,
        maxFiles: body.upload.maxFiles + 1,
        ...(body.limit !== undefined && { jsonLimit: body.limit }),
        fileTooLargeMessage: body.upload.tooLargeMessage,
        tooManyFilesMessage: body.upload.tooManyMessage,
      });
  }
}

/** Validates the body, then the files, then the query, and sets `ctx.input`. */
function inputOf(route: RouteSpec): Middleware {
  const checkQuery = route.query !== undefined ? checkedQueries(route.query) : undefined;
  return async (ctx, next) => {
    const body = route.body.kind !== 'none' && route.body.schema !== undefined ? validate(route.body.schema, bodyFields(ctx)) : undefined;
    let files: UploadedFile[] = [];
    if (route.body.kind === 'multipart') {
      const { field, maxFiles, tooManyMessage } = route.body.upload;
      const unexpected = uploadedFieldNames(ctx).find((name) => name !== field);
      if (unexpected !== undefined) throw new BadRequestError(messages.server.invalidField(unexpected, 'files are not accepted here'));
      files = uploadedFiles(ctx, field);
      if (files.length > maxFiles) throw new AppError(400, tooManyMessage, field);
    }
    const query = checkQuery?.(ctx.querystring, () => ({ ...ctx.query }));
    const input: { [K in keyof RouteInput<RouteSpec>]: unknown } = { params: { ...ctx.params }, body, query, files };
    ctx.input = input;
    await next();
  };
}

/** What a service's route modules are given: the service's dependencies and the mounter. */
export interface MountContext<Deps> {
  readonly deps: Deps;
  readonly mount: RouteMounter;
}
