/**
 * Turns of the event loop for answers being computed. A search the cache does not hold
 * takes 2 to 10 ms of the one thread that also answers every cached search, every booking
 * and every health check; computed in one go, it holds all of them up. Taken in turns, each
 * stage of a computation waits for a turn of the loop, and between two turns the loop
 * answers whatever has arrived (a cached answer is written within its first turn). Among
 * computations waiting, the oldest goes first, so one runs to its end before the next starts
 * and a flood of uncached searches delays other uncached searches, not everything else.
 */
export class ComputationTurns {
  private nextTicket = 0;
  /** Waiting stages, oldest computation first. */
  private readonly waiting: { readonly ticket: number; readonly go: () => void }[] = [];
  private scheduled = false;

  /** A new computation's turn taker: await it before each stage. */
  begin(): () => Promise<void> {
    const ticket = this.nextTicket++;
    return () =>
      new Promise<void>((go) => {
        // after the stages of older computations
        // Stryker disable next-line EqualityOperator: a computation awaits each turn before taking the next, so no two waiting stages share a ticket
        const at = this.waiting.findLastIndex((stage) => stage.ticket < ticket) + 1;
        this.waiting.splice(at, 0, { ticket, go });
        this.schedule();
      });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // setImmediate: after the loop has polled for what arrived, one stage per turn
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()!.go();
      this.schedule();
    });
  }
}
