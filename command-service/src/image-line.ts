/**
 * The one line every uploaded image takes to be decoded and re-encoded, across all
 * requests. Decoding is where an image costs memory (up to width × height × bytes per
 * pixel when it cannot be read a strip at a time, ~270 MB for the largest image allowed)
 * and a core for a second or more: unbounded, four requests of ten large images took
 * 1.3 GB and every core. In the line, a request's images take turns one at a time, at most
 * `concurrency` images decode at once across the process, and a request that finds the
 * line full is answered 503 with Retry-After before any of its images is touched.
 */
import os from 'node:os';
import { messages } from '@stays/contracts';
import { createBoundedWork, type BoundedWork } from './bounded-work.ts';

export interface ImageLineSettings {
  /** Images decoded at once (default: one per core but one, at most two). */
  readonly concurrency?: number;
  /** Requests waiting for their images' turns beyond those decoding (default 8). */
  readonly maxWaiting?: number;
}

/**
 * One per core but one leaves the event loop a core; at most two bounds the memory of
 * the largest images at about twice 270 MB, whatever the machine.
 */
const defaultImageConcurrency = (): number => Math.max(1, Math.min(os.availableParallelism() - 1, 2));

/**
 * Eight requests wait: a hotel's ten phone photos take a few seconds, so the last in line
 * waits well under a minute; beyond that a client is better told to come back.
 */
const DEFAULT_MAX_WAITING = 8;
/** About one hotel's photos' worth of decoding. */
const RETRY_AFTER_SECONDS = 5;

export function createImageLine(settings: ImageLineSettings = {}): BoundedWork {
  return createBoundedWork({
    concurrency: settings.concurrency ?? defaultImageConcurrency(),
    maxWaiting: settings.maxWaiting ?? DEFAULT_MAX_WAITING,
    busyMessage: messages.server.imageWorkBusy,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}
