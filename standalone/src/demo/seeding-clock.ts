/**
 * The clock of the demo seed (docs/decisions/0032): real time, except while the seed writes
 * the demo's past, when it runs from a moment the seed sets and only ever moves forward.
 * Everything in the process that decides or stamps by time reads it during the seed (the
 * log's `recordedAt`, the commands, tokens, the reconciler), so the past is decided with
 * the "now" of its day and the log stays in time order. Nothing outside the process can
 * set it: only the seed holds it, and it hands back real time before the port opens.
 */
export class SeedingClock {
  /** Milliseconds added to real time while seeding; null once real time is back (or before the seed). */
  private offsetMs: number | null = null;
  /** The latest time read, so no reading ever goes back (real time may step back a little). */
  private latestMs = 0;

  /** The time now, by this clock. */
  readonly now = (): Date => {
    const ms = Math.max(this.latestMs, Date.now() + (this.offsetMs ?? 0));
    this.latestMs = ms;
    return new Date(ms);
  };

  /** Whether the seed is writing the past. */
  get seeding(): boolean {
    return this.offsetMs !== null;
  }

  /** `startsAt`: where the demo's past begins, should the log turn out to be empty. */
  constructor(private readonly startsAt: Date) {}

  /**
   * Starts the past, from where the clock runs on: called by the composition when it opens
   * an empty log, before anything is written, as nothing recorded may be later than what
   * follows. Once only.
   */
  startOnEmptyLog(): void {
    if (this.offsetMs !== null) throw new Error('the seeding clock has started already');
    this.offsetMs = this.startsAt.getTime() - Date.now();
    this.latestMs = this.startsAt.getTime();
  }

  /** Moves the clock forward to `at`; a time already passed leaves it where it is. */
  advanceTo(at: Date): void {
    if (this.offsetMs === null) throw new Error('the seeding clock is not seeding');
    if (at.getTime() > this.now().getTime()) {
      this.offsetMs = at.getTime() - Date.now();
      this.latestMs = at.getTime();
    }
  }

  /** Back to real time; refused while the seeded past runs ahead of it, which would put the log out of order. */
  backToRealTime(): void {
    if (this.offsetMs === null) return;
    if (Date.now() < this.latestMs) throw new Error('the seeding clock ran past real time');
    this.offsetMs = null;
  }
}
