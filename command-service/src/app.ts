/**
 * The command service: every data-changing call. Builds the Koa app without listening
 * (tests and the one-process host import it; server.ts listens).
 */
import type Koa from 'koa';
import { createApiApp, type CorsOptions, type Logger, type SecurityHeadersOptions } from '@stays/service-kit';
import type { CommandContext, CommandServiceDeps, ResolvedDeps } from './command-context.ts';
import { commandRoutes } from './routes.ts';
import { domainErrorToAppError } from './http-errors.ts';
import { sessionRole } from './accounts/account-streams.ts';
import { createPasswords } from './accounts/passwords.ts';
import { createAccountThrottles } from './accounts/throttles.ts';
import { createOtpThrottle } from './booking/otp-throttle.ts';
import { createImageLine, type ImageLineSettings } from './image-line.ts';

export interface CommandAppOptions {
  readonly apiPrefix: string;
  readonly cors?: CorsOptions;
  /** The public address and Google sign-in, which the security headers depend on. */
  readonly security: SecurityHeadersOptions;
  /**
   * Take the client address from the last `X-Forwarded-For` entry (the one our gateway
   * added) instead of the socket. Only behind the gateway: otherwise anyone could pick
   * their address, and with it escape the sign-in and OTP throttles.
   */
  readonly trustProxy?: boolean;
  /** How many uploaded images decode at once and how many requests may wait (IMAGE_WORK_CONCURRENCY, IMAGE_WORK_QUEUE). */
  readonly imageLine?: ImageLineSettings;
  /** Where its request lines go (tests capture them); the process's logger by default. */
  readonly logger?: Logger;
}

export function createCommandApp(deps: CommandServiceDeps, options: CommandAppOptions): Koa {
  const now = deps.now ?? (() => new Date());
  const accounts = {
    store: deps.eventStore,
    tokens: deps.tokenIssuer,
    passwords: createPasswords(),
    throttles: createAccountThrottles(),
    streamNames: deps.streamNames,
    now,
  };
  const resolved: ResolvedDeps = {
    ...deps,
    now,
    accounts,
    // the web client is served at the public address (one process, or behind the gateway)
    passwordReset: { ...accounts, mailer: deps.mailer, resetKey: deps.otpKey, webUrl: options.security.publicUrl.replace(/\/+$/, '') },
    booking: {
      store: deps.eventStore,
      mailer: deps.mailer,
      sms: deps.sms,
      otpKey: deps.otpKey,
      otpThrottle: createOtpThrottle(),
      streamNames: deps.streamNames,
      now,
    },
    hotels: { store: deps.eventStore, now },
    images: { line: createImageLine(options.imageLine), media: deps.media },
  };
  const committed: CommandContext['committed'] = async (ctx, position) => {
    if (position === null) return;
    ctx.set('X-Commit-Position', String(position));
    await deps.awaitProjected(position);
  };
  return createApiApp(
    {
      side: 'command',
      apiPrefix: options.apiPrefix,
      security: options.security,
      cors: options.cors,
      tokenVerifier: deps.tokenVerifier,
      sessionRole: (claims) => sessionRole(deps.eventStore, claims),
      toAppError: domainErrorToAppError,
      koa: { proxy: options.trustProxy === true, proxyIpHeader: 'X-Forwarded-For', maxIpsCount: 1 },
      ...(options.logger !== undefined && { logger: options.logger }),
    },
    (mount) => {
      for (const mountRoute of commandRoutes) mountRoute({ deps: resolved, mount, committed });
    },
  );
}
