/**
 * The Koa app of either service, built without listening: the request's id, log line and
 * metrics, security headers, the error
 * envelope, CORS, then the service's own middleware, then its routes from the table and
 * `allowedMethods()` (405 for a known path with another method). The two services differ
 * only in their side, their session check and what they mount.
 */
import Koa, { type DefaultContext, type DefaultState, type Middleware } from 'koa';
import type { Side } from '@stays/contracts';
import { authenticate, type SessionCheck } from '../auth/authenticate.ts';
import type { TokenVerifier } from '../auth/tokens.ts';
import { cors, type CorsOptions } from './cors.ts';
import { errorHandler, type ErrorHandlerOptions } from './error-handler.ts';
import { createApiRouter, type RouteMounter } from './routes.ts';
import { apiSecurityHeaders, type SecurityHeadersOptions } from './security-headers.ts';
import { processLogger, type Logger } from '../observability/logger.ts';
import { processMetrics, type ServiceMetrics } from '../observability/metrics.ts';
import { requestObservation } from '../observability/request-observation.ts';

export interface ApiAppOptions {
  readonly side: Side;
  readonly apiPrefix: string;
  readonly security: SecurityHeadersOptions;
  readonly cors?: CorsOptions | undefined;
  readonly tokenVerifier: TokenVerifier;
  /** The role of the session a token names while it is open: the command side asks the account's stream, the query side the sessions read model. */
  readonly sessionRole: SessionCheck;
  /** The service's own errors as AppErrors (the command side's domain errors). */
  readonly toAppError?: ErrorHandlerOptions['toAppError'];
  /** How Koa finds the client address (the command side behind the gateway trusts its `X-Forwarded-For`). */
  readonly koa?: { readonly proxy?: boolean; readonly proxyIpHeader?: string; readonly maxIpsCount?: number };
  /** Middleware between CORS and the API routes (the query side's read-your-writes wait and operations routes). */
  readonly before?: readonly Middleware[];
  /** Where the request lines go (tests capture them); the process's logger by default. */
  readonly logger?: Logger;
  /** Where requests are counted; the process's metrics by default. */
  readonly metrics?: Pick<ServiceMetrics, 'httpRequests' | 'httpDuration'>;
}

export function createApiApp(options: ApiAppOptions, mountRoutes: (mount: RouteMounter) => void): Koa {
  const router = createApiRouter({
    prefix: options.apiPrefix,
    side: options.side,
    authenticate: (required) => authenticate(options.tokenVerifier, options.sessionRole, required),
  });
  mountRoutes(router.mount);
  const app = new Koa<DefaultState, DefaultContext>({ ...options.koa });
  // outermost: the line and the count see the status the error handler chose
  app.use(requestObservation({ apiPrefix: options.apiPrefix, logger: options.logger ?? processLogger(), metrics: options.metrics ?? processMetrics() }));
  app.use(apiSecurityHeaders(options.security));
  app.use(errorHandler(options.toAppError !== undefined ? { toAppError: options.toAppError } : {}));
  if (options.cors) app.use(cors(options.cors));
  for (const middleware of options.before ?? []) app.use(middleware);
  for (const middleware of router.middleware()) app.use(middleware);
  return app;
}
