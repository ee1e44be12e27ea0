/**
 * A small keyed work queue for reactors: a key queued while it is already waiting is
 * queued once; a key is never worked on by two lanes at once (queued again while it runs,
 * it runs again afterwards); up to `lanes` keys are worked on at once; a key whose work
 * throws comes back only after a backoff delay (`retryDelaysMs`, the last one repeating),
 * even if it was queued again meanwhile, and its failure count is cleared by its next
 * success. Knows nothing of what the work is.
 */
export interface WorkQueueOptions {
  /** Keys worked on at once. */
  readonly lanes: number;
  /** Delays before the 1st, 2nd, … retry of a failing key; the last one repeats. */
  readonly retryDelaysMs: readonly number[];
  readonly work: (key: string) => Promise<void>;
  /** Told of every failure, with the delay before the retry. */
  readonly onFailure?: (key: string, error: unknown, failures: number, retryInMs: number) => void;
}

export class WorkQueue {
  private readonly queued = new Set<string>();
  private readonly running = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private lanes = 0;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  private lanesDone: (() => void)[] = [];

  constructor(private readonly options: WorkQueueOptions) {
    if (!(options.lanes >= 1) || options.retryDelaysMs.length === 0) throw new Error('a work queue needs at least one lane and one retry delay');
  }

  add(key: string): void {
    if (this.stopped) return;
    this.queued.add(key);
    this.startLanes();
  }

  /** Resolves when nothing is queued, running or waiting for a retry. */
  whenIdle(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts nothing new and drops what waits; resolves once the work already running has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    this.queued.clear();
    this.notifyIfIdle();
    if (this.lanes > 0) await new Promise<void>((resolve) => this.lanesDone.push(resolve));
  }

  private startLanes(): void {
    while (this.lanes < this.options.lanes && !this.stopped && this.next() !== undefined) {
      this.lanes++;
      void this.lane();
    }
  }

  /** The first queued key no lane is working on. */
  private next(): string | undefined {
    for (const key of this.queued) if (!this.running.has(key)) return key;
    return undefined;
  }

  private async lane(): Promise<void> {
    try {
      for (let key = this.next(); key !== undefined && !this.stopped; key = this.next()) {
        this.queued.delete(key);
        this.running.add(key);
        try {
          await this.options.work(key);
          this.failures.delete(key);
        } catch (error) {
          this.retryLater(key, error);
        } finally {
          this.running.delete(key);
        }
      }
    } finally {
      this.lanes--;
      if (this.lanes === 0) for (const resolve of this.lanesDone.splice(0)) resolve();
      this.notifyIfIdle();
    }
  }

  private retryLater(key: string, error: unknown): void {
    this.queued.delete(key); // queued again while it ran: the retry brings it back, after the backoff
    if (this.stopped) return;
    const failures = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, failures);
    const delays = this.options.retryDelaysMs;
    const delay = delays[Math.min(failures, delays.length) - 1]!;
    this.options.onFailure?.(key, error, failures, delay);
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.add(key);
      this.notifyIfIdle();
    }, delay);
    timer.unref();
    this.retries.add(timer);
  }

  private idle(): boolean {
    return this.queued.size === 0 && this.lanes === 0 && this.retries.size === 0;
  }

  private notifyIfIdle(): void {
    if (!this.idle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
