/**
 * Progress of a long scan on stderr: events done and events/s. On a terminal one line is
 * redrawn in place; otherwise (a file, a CI log) a plain line is written now and then, so
 * the output stays readable.
 */
const TTY_EVERY_MS = 200;
const PLAIN_EVERY_MS = 5000;

export class Progress {
  private readonly started = performance.now();
  private lastShown = this.started;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly describe: (seconds: number) => string,
  ) {}

  private get isTTY(): boolean {
    return this.stream.isTTY === true;
  }

  /** Shows the progress when it is time to. */
  update(): void {
    const now = performance.now();
    if (now - this.lastShown < (this.isTTY ? TTY_EVERY_MS : PLAIN_EVERY_MS)) return;
    this.lastShown = now;
    this.show(`${this.describe((now - this.started) / 1000)}`);
  }

  /** The last line, always shown. */
  finish(): void {
    const line = this.describe((performance.now() - this.started) / 1000);
    if (this.isTTY) this.stream.write(`\r\x1b[2K${line}\n`);
    else this.stream.write(`${line}\n`);
  }

  private show(line: string): void {
    if (this.isTTY) this.stream.write(`\r\x1b[2K${line}`);
    else this.stream.write(`${line}\n`);
  }
}

/** Events per second, never dividing by zero. */
export const perSecond = (count: number, seconds: number): number => Math.round(count / Math.max(seconds, 1e-3));
