/**
 * Runs projections: each subscribes to the whole log from its stored checkpoint, applies
 * each batch's writes through the idempotency guard, then stores the checkpoint (so a
 * crash replays at most one batch, which the guard makes harmless). Tracks how far the
 * read side is, for health checks and read-your-writes waits.
 *
 * The same guard makes a batch safe to apply again after a failure that left part of it
 * written, so a batch that fails because the read store is unavailable for now (a primary
 * stepping down, the network) is retried with backoff until it goes through; only an
 * error a retry cannot fix stops the projection. A lost event store connection is the
 * subscription's to resume.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  backoffDelayMs,
  describeError,
  subscriptionHealth,
  type BackoffOptions,
  type EventStore,
  type Subscription,
  type SubscriptionHealth,
  type SubscriptionState,
} from '@stays/event-store';
import { ReadStoreUnavailableError, type ReadStore } from '@stays/read-store';
import { markCaughtUp, readCheckpoint, writeCheckpoint, writeHealthReport } from './checkpoints.ts';
import { applyInOrder, guardedWrites, type GuardedWrite } from './apply.ts';
import type { ProjectionDefinition } from './projection.ts';
import { lineLogger } from '@stays/service-kit';

export interface ProjectionStatus {
  readonly name: string;
  readonly position: number | undefined;
  readonly caughtUp: boolean;
  readonly failed: string | null;
  readonly subscription: SubscriptionState | null;
  /** The read store error a batch is being retried after, if it is. */
  readonly retryingBatch: string | null;
}

export interface ProjectionHealth extends SubscriptionHealth {
  readonly name: string;
  readonly retryingBatch: string | null;
}

export interface ReadSideHealth {
  /** Every projection is subscribed and less than the bound behind the log. */
  readonly healthy: boolean;
  readonly projections: readonly ProjectionHealth[];
}

interface RunningProjection {
  readonly definition: ProjectionDefinition;
  /** Queries read it: it counts for the read side's position, health and catching up. */
  serving: boolean;
  /** Events read from the log since this process started following it (for progress: events done, events/s). */
  events: number;
  readonly onCaughtUp: (() => void) | undefined;
  subscription: Subscription | null;
  position: number | undefined;
  /** Position of the last event that changed this projection's documents. */
  changedAt: number | undefined;
  caughtUp: boolean;
  failed: string | null;
  retryingBatch: string | null;
}

interface Waiter {
  readonly position: number;
  readonly resolve: (reached: boolean) => void;
}

export interface ProjectionRunnerOptions {
  readonly maxBatchSize?: number;
  readonly log?: (line: string) => void;
  /** Delays between attempts at a batch the read store could not take for now. */
  readonly backoff?: BackoffOptions;
  /**
   * The same log as stored, without the personal-data layer: what projections that read
   * no personal field follow (`fromStoredLog`), so they read no key and decrypt nothing.
   * Without it every projection follows the runner's event store.
   */
  readonly storedLog?: EventStore;
}

export interface AddOptions {
  /** Queries read it (default true): see RunningProjection.serving. */
  readonly serving?: boolean;
  /** Called once it has caught up with the log as it was when it started. */
  readonly onCaughtUp?: () => void;
}

export class ProjectionRunner {
  private readonly running = new Map<string, RunningProjection>();
  private waiters: Waiter[] = [];
  private readonly caughtUpListeners: (() => void)[] = [];
  /** Aborted by stop(): ends the waits between batch retries. */
  private stopping = new AbortController();

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly projections: readonly ProjectionDefinition[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {}

  async start(): Promise<void> {
    this.stopping = new AbortController();
    for (const definition of this.projections) await this.startOne(definition, {});
  }

  /** Starts one more projection beside the running ones, from its checkpoint. */
  async add(definition: ProjectionDefinition, options: AddOptions = {}): Promise<void> {
    if (this.running.has(definition.name)) throw new Error(`projection ${definition.name} is already running`);
    await this.startOne(definition, options);
  }

  /** Stops following a projection; its documents and checkpoint stay. */
  async remove(name: string): Promise<void> {
    const running = this.running.get(name);
    this.running.delete(name);
    await running?.subscription?.close();
    this.releaseWaiters();
    this.notifyCaughtUp();
  }

  setServing(name: string, serving: boolean): void {
    const running = this.running.get(name);
    if (running === undefined) throw new Error(`projection ${name} is not running`);
    running.serving = serving;
    this.releaseWaiters();
    this.notifyCaughtUp();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all([...this.running.values()].map((running) => running.subscription?.close()));
    this.running.clear();
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  status(): ProjectionStatus[] {
    return [...this.running.values()].map(({ definition, position, caughtUp, failed, retryingBatch, subscription }) => ({
      name: definition.name,
      position,
      caughtUp,
      failed,
      retryingBatch,
      subscription: subscription?.status().state ?? null,
    }));
  }

  /**
   * Healthy when every serving projection is subscribed (not failed, not waiting to resubscribe)
   * and the oldest event it has not applied is at most `maxLagMs` old: a projection that
   * died, lost the log or is stuck retrying a batch turns it unhealthy.
   */
  async health(maxLagMs: number): Promise<ReadSideHealth> {
    const projections = await Promise.all(
      this.serving().map(async (running): Promise<ProjectionHealth> => {
        const name = running.definition.name;
        if (running.subscription === null) {
          return {
            name,
            healthy: false,
            state: 'closed',
            position: running.position,
            lagMs: null,
            error: running.failed ?? 'not started',
            retryingBatch: null,
          };
        }
        const health = await subscriptionHealth(this.eventStore, running.subscription, maxLagMs);
        return { ...health, name, retryingBatch: running.retryingBatch };
      }),
    );
    return { healthy: projections.every((projection) => projection.healthy), projections };
  }

  /**
   * Stores each projection's health beside its checkpoint, for a query service in another
   * process (see checkpointProgress): it treats a missing or stale report as unhealthy.
   */
  async publishHealth(maxLagMs: number): Promise<ReadSideHealth> {
    const health = await this.health(maxLagMs);
    for (const projection of health.projections) {
      await writeHealthReport(this.readStore, projection.name, {
        healthy: projection.healthy,
        state: projection.state,
        lagMs: projection.lagMs,
        error: projection.retryingBatch ?? projection.error,
      });
    }
    return health;
  }

  /** Every serving projection has caught up with the log as it was when it started, and none has failed. */
  isCaughtUp(): boolean {
    return this.serving().every((running) => running.caughtUp && running.failed === null);
  }

  /** Where one projection is (undefined when it is not running). */
  progress(name: string): (Pick<ProjectionStatus, 'position' | 'caughtUp' | 'failed'> & { readonly events: number }) | undefined {
    const running = this.running.get(name);
    return running && { position: running.position, caughtUp: running.caughtUp, failed: running.failed, events: running.events };
  }

  whenCaughtUp(): Promise<void> {
    if (this.isCaughtUp()) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpListeners.push(resolve));
  }

  /**
   * Lowest position every serving projection has applied (undefined before each has
   * applied one; with none serving, as while a read model's only version waits to replace
   * a live one nobody follows, nothing is waited for: Infinity).
   */
  position(): number | undefined {
    let lowest = Infinity;
    for (const running of this.serving()) {
      if (running.position === undefined) return undefined;
      lowest = Math.min(lowest, running.position);
    }
    return lowest;
  }

  /** Position of the last event that changed the named projection's documents (undefined: none yet). */
  changedAt(name: string): number | undefined {
    return this.running.get(name)?.changedAt;
  }

  /** Resolves true once every serving projection has applied `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const current = this.position();
    if (current !== undefined && current >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve: (reached) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private serving(): RunningProjection[] {
    return [...this.running.values()].filter((running) => running.serving);
  }

  private async startOne(definition: ProjectionDefinition, options: AddOptions): Promise<void> {
    for (const index of definition.indexes ?? []) {
      await this.readStore.collection(index.collection).createIndex(index.keys, { unique: index.unique ?? false });
    }
    const checkpoint = await readCheckpoint(this.readStore, definition.name, definition.version);
    const running: RunningProjection = {
      definition,
      serving: options.serving ?? true,
      onCaughtUp: options.onCaughtUp,
      events: 0,
      subscription: null,
      position: checkpoint,
      changedAt: checkpoint,
      caughtUp: false,
      failed: null,
      retryingBatch: null,
    };
    this.running.set(definition.name, running);
    const log = definition.fromStoredLog === true && this.options.storedLog !== undefined ? this.options.storedLog : this.eventStore;
    running.subscription = log.subscribeToAll(
      { ...(checkpoint !== undefined && { after: checkpoint }), maxBatchSize: this.options.maxBatchSize ?? 1000, name: `projection ${definition.name}` },
      {
        onBatch: async (events) => {
          let changedAt = running.changedAt;
          const writes: GuardedWrite[] = [];
          for (const event of events) {
            const projected = definition.project(event);
            if (projected.length === 0) continue;
            guardedWrites(definition, event.position, projected, writes);
            changedAt = event.position;
          }
          const last = events[events.length - 1]!.position;
          await this.untilApplied(running, last, async () => {
            await applyInOrder(this.readStore, writes, (line) => this.log(line));
            await writeCheckpoint(this.readStore, definition.name, definition.version, last, changedAt);
          });
          running.position = last;
          running.changedAt = changedAt;
          running.events += events.length;
          this.releaseWaiters();
        },
        onCaughtUp: () => {
          running.caughtUp = true;
          void markCaughtUp(this.readStore, definition.name, definition.version).catch((error: unknown) =>
            this.log(`could not mark ${definition.name} caught up: ${String(error)}`),
          );
          this.log(`projection ${definition.name} caught up at ${running.position ?? 'start'}`);
          running.onCaughtUp?.();
          this.notifyCaughtUp();
        },
        onError: (error) => {
          running.failed = error instanceof Error ? error.message : String(error);
          this.log(`projection ${definition.name} stopped: ${running.failed}`);
        },
      },
    );
  }

  /**
   * Applies a batch, again and again while the read store says "not now", with backoff;
   * safe because every write is guarded by position. Any other error, or stop(), ends it.
   */
  private async untilApplied(running: RunningProjection, last: number, apply: () => Promise<void>): Promise<void> {
    const signal = this.stopping.signal;
    for (let attempt = 1; ; attempt++) {
      try {
        await apply();
        if (running.retryingBatch !== null)
          this.log(`projection ${running.definition.name}: batch up to ${last} applied after ${attempt - 1} ${attempt === 2 ? 'retry' : 'retries'}`);
        running.retryingBatch = null;
        return;
      } catch (error) {
        if (!(error instanceof ReadStoreUnavailableError) || signal.aborted) throw error;
        running.retryingBatch = describeError(error);
        const delay = backoffDelayMs(attempt, this.options.backoff);
        this.log(`projection ${running.definition.name}: batch up to ${last} failed (${running.retryingBatch}); retrying in ${delay} ms (retry ${attempt})`);
        await sleep(delay, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) throw error;
      }
    }
  }

  private releaseWaiters(): void {
    const current = this.position();
    if (current === undefined) return;
    const ready = this.waiters.filter((waiter) => waiter.position <= current);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.position > current);
    for (const waiter of ready) waiter.resolve(true);
  }

  private notifyCaughtUp(): void {
    if (!this.isCaughtUp()) return;
    for (const listener of this.caughtUpListeners.splice(0)) listener();
  }

  private log(line: string): void {
    (this.options.log ?? lineLogger())(line);
  }
}
