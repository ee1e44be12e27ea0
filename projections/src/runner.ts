/**
 * Runs projections: each follows the whole log from its stored checkpoint, applies each
 * batch's writes through the idempotency guard, then stores the checkpoint (so a crash
 * replays at most one batch, which the guard makes harmless). Tracks how far the read side
 * is, for health checks and read-your-writes waits.
 *
 * Projections that start together from the same checkpoint of the same log share one
 * subscription, each batch handed to all of them: the log is read once for all of them,
 * and no decoded batch waits in memory for a slower one (a replay of six read models with a
 * subscription each ran 15 % slower than of one model alone; docs/decisions/0048). One that
 * fails leaves the subscription; the others go on.
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
  type RecordedEvent,
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
  /** The subscription it follows the log through, shared with the projections that started with it (null: not following). */
  follow: Follow | null;
  position: number | undefined;
  /** Position of the last event that changed this projection's documents. */
  changedAt: number | undefined;
  caughtUp: boolean;
  failed: string | null;
  retryingBatch: string | null;
}

/** One subscription and the projections it feeds, in the order they started. */
interface Follow {
  subscription: Subscription | null;
  readonly members: Set<RunningProjection>;
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

/** A projection to start, and how. */
export interface ProjectionToAdd {
  readonly definition: ProjectionDefinition;
  readonly options?: AddOptions;
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
    await this.addAll(this.projections.map((definition) => ({ definition })));
  }

  /** Starts one more projection beside the running ones, from its checkpoint. */
  async add(definition: ProjectionDefinition, options: AddOptions = {}): Promise<void> {
    await this.addAll([{ definition, options }]);
  }

  /** Starts projections beside the running ones, each from its checkpoint; those at the same checkpoint of the same log share a subscription. */
  async addAll(projections: readonly ProjectionToAdd[]): Promise<void> {
    const names = projections.map(({ definition }) => definition.name);
    const taken = names.find((name, i) => this.running.has(name) || names.indexOf(name) !== i);
    if (taken !== undefined) throw new Error(`projection ${taken} is already running`);
    const prepared: RunningProjection[] = [];
    for (const { definition, options } of projections) prepared.push(await this.prepare(definition, options ?? {}));
    const together = new Map<EventStore, Map<number | undefined, RunningProjection[]>>();
    for (const running of prepared) {
      const log = this.logOf(running.definition);
      const byCheckpoint = together.get(log) ?? new Map<number | undefined, RunningProjection[]>();
      together.set(log, byCheckpoint);
      const members = byCheckpoint.get(running.position) ?? [];
      byCheckpoint.set(running.position, members);
      members.push(running);
    }
    for (const [log, byCheckpoint] of together) for (const [checkpoint, members] of byCheckpoint) this.follow(log, checkpoint, members);
  }

  /** Stops following a projection; its documents and checkpoint stay. */
  async remove(name: string): Promise<void> {
    const running = this.running.get(name);
    this.running.delete(name);
    if (running !== undefined) await this.leave(running);
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
    const follows = new Set([...this.running.values()].flatMap((running) => running.follow ?? []));
    await Promise.all([...follows].map((follow) => follow.subscription?.close()));
    this.running.clear();
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  status(): ProjectionStatus[] {
    return [...this.running.values()].map(({ definition, position, caughtUp, failed, retryingBatch, follow }) => ({
      name: definition.name,
      position,
      caughtUp,
      failed,
      retryingBatch,
      subscription: failed !== null ? 'failed' : (follow?.subscription?.status().state ?? null),
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
        const subscription = running.follow?.subscription ?? null;
        if (subscription === null || running.failed !== null) {
          return {
            name,
            healthy: false,
            state: running.failed !== null ? 'failed' : 'closed',
            position: running.position,
            lagMs: null,
            error: running.failed ?? 'not started',
            retryingBatch: null,
          };
        }
        const health = await subscriptionHealth(this.eventStore, subscription, maxLagMs);
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

  /** A projection with its indexes made and its checkpoint read, registered but not yet following the log. */
  private async prepare(definition: ProjectionDefinition, options: AddOptions): Promise<RunningProjection> {
    for (const index of definition.indexes ?? []) {
      await this.readStore.collection(index.collection).createIndex(index.keys, { unique: index.unique ?? false });
    }
    const checkpoint = await readCheckpoint(this.readStore, definition.name, definition.version);
    const running: RunningProjection = {
      definition,
      serving: options.serving ?? true,
      onCaughtUp: options.onCaughtUp,
      events: 0,
      follow: null,
      position: checkpoint,
      changedAt: checkpoint,
      caughtUp: false,
      failed: null,
      retryingBatch: null,
    };
    this.running.set(definition.name, running);
    return running;
  }

  private logOf(definition: ProjectionDefinition): EventStore {
    return definition.fromStoredLog === true && this.options.storedLog !== undefined ? this.options.storedLog : this.eventStore;
  }

  /** One subscription from `checkpoint` feeding `members`, each batch to all of them. */
  private follow(log: EventStore, checkpoint: number | undefined, members: readonly RunningProjection[]): void {
    const follow: Follow = { subscription: null, members: new Set(members) };
    for (const running of members) running.follow = follow;
    const names = members.map((running) => running.definition.name).join(', ');
    follow.subscription = log.subscribeToAll(
      { ...(checkpoint !== undefined && { after: checkpoint }), maxBatchSize: this.options.maxBatchSize ?? 1000, name: `projection ${names}` },
      {
        onBatch: async (events) => {
          // each applies the batch on its own (a read store that is down for now makes each retry, and say so)
          await Promise.all(
            [...follow.members].map(async (running) => {
              try {
                await this.applyBatch(running, events);
              } catch (error) {
                // stop() ends a batch's retries: that is no failure of the projection
                if (!this.stopping.signal.aborted) this.fail(running, error);
              }
            }),
          );
          this.releaseWaiters();
        },
        onCaughtUp: () => {
          for (const running of [...follow.members]) if (running.follow === follow) this.caughtUp(running);
          this.notifyCaughtUp();
        },
        onError: (error) => {
          for (const running of [...follow.members]) if (running.follow === follow) this.fail(running, error);
        },
      },
    );
  }

  private async applyBatch(running: RunningProjection, events: readonly RecordedEvent[]): Promise<void> {
    const { definition } = running;
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
  }

  private caughtUp(running: RunningProjection): void {
    const { definition } = running;
    running.caughtUp = true;
    void markCaughtUp(this.readStore, definition.name, definition.version).catch((error: unknown) =>
      this.log(`could not mark ${definition.name} caught up: ${String(error)}`),
    );
    this.log(`projection ${definition.name} caught up at ${running.position ?? 'start'}`);
    running.onCaughtUp?.();
  }

  /** It stops following the log; the projections it shared a subscription with go on. */
  private fail(running: RunningProjection, error: unknown): void {
    running.failed = error instanceof Error ? error.message : String(error);
    this.log(`projection ${running.definition.name} stopped: ${running.failed}`);
    void this.leave(running);
  }

  /** Takes it out of its subscription's projections, closing the subscription when it was the last. */
  private async leave(running: RunningProjection): Promise<void> {
    const follow = running.follow;
    if (follow === null) return;
    running.follow = null;
    follow.members.delete(running);
    if (follow.members.size === 0) await follow.subscription?.close();
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
