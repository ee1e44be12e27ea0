/**
 * The one logger of a process (pino): JSON lines an operator can search, pretty when a person
 * watches a terminal (stdout a TTY, or LOG_FORMAT=pretty), at LOG_LEVEL. Services, reactors and
 * projections log through it. Fields that could carry a secret or a person's data are redacted
 * by path as a second guard: the first is that nothing logs bodies, headers or personal fields.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = 'json' | 'pretty';

/** Keys whose values must never reach a log line, wherever they sit (top level or one object down). */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'credential',
  'authorization',
  'cookie',
  'otp',
  'resetToken',
  'resetLink',
  'link',
  'email',
  'phone',
  'phoneNumber',
  'firstName',
  'lastName',
  'address',
  'body',
  'headers',
];
export const REDACTED_PATHS: readonly string[] = [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`)];

export interface LoggerOptions {
  readonly level?: LogLevel;
  readonly format?: LogFormat;
  /** Where lines go (tests capture them); stdout by default. */
  readonly destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const base = {
    level: options.level ?? 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (options.destination !== undefined) return pino(base, options.destination);
  if (options.format === 'pretty') return pino(base, pretty({ colorize: process.stdout.isTTY === true, sync: true, translateTime: 'SYS:HH:MM:ss.l' }));
  return pino(base, pino.destination({ dest: 1, sync: true }));
}

/** LOG_LEVEL and LOG_FORMAT as the environment gives them (loadConfig refuses bad values; here they fall back). */
export function loggerOptionsFrom(env: NodeJS.ProcessEnv, stdoutIsTTY = process.stdout.isTTY === true): LoggerOptions {
  const level = (LOG_LEVELS as readonly string[]).includes(env.LOG_LEVEL ?? '') ? (env.LOG_LEVEL as LogLevel) : 'info';
  const format: LogFormat = env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT !== 'json' && stdoutIsTTY) ? 'pretty' : 'json';
  return { level, format };
}

/** A logger whose JSON lines go to a `(line) => void` (a test's capture, or a caller's silence). */
export const loggerInto = (write: (line: string) => void, level: LogLevel = 'info'): Logger =>
  createLogger({ level, destination: { write: (chunk: string) => write(chunk.trimEnd()) } });

let shared: Logger | undefined;

/** The process's logger, made from the environment on first use. */
export function processLogger(): Logger {
  shared ??= createLogger(loggerOptionsFrom(process.env));
  return shared;
}

/** The `(line) => void` the followers and stores take, writing through a logger at info. */
export const lineLogger =
  (logger: Logger = processLogger()) =>
  (line: string): void =>
    logger.info(line);
