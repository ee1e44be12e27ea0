/**
 * The one-process product as a child process on a data directory, as an operator runs it
 * (`npm start` without the client build): started, asked whether it is healthy, stopped
 * gracefully or killed. The fault campaign's subject.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ChildOptions {
  readonly dataDir: string;
  readonly port: number;
  /** While this file exists the log's writes fail with the error it names (FAULT_INJECTION_FILE). */
  readonly faultFile: string;
  /** The reconciler's window: units held without a booking are given back after it. */
  readonly graceSeconds: number;
}

export class StaysChild {
  private output = '';
  readonly exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  /** Starts the product; resolves once it listens, or rejects with its output when it exits first. */
  static async start(options: ChildOptions): Promise<StaysChild> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'standalone/src/main.ts'], {
      cwd: REPO,
      env: {
        ...process.env,
        EVENTSTORE_URL: '',
        MONGO_URL: '',
        OPERATOR_TOKEN: '',
        OPERATOR_URL: '',
        DATA_DIR: options.dataDir,
        PORT: String(options.port),
        PUBLIC_URL: `http://127.0.0.1:${options.port}`,
        SEED_DEMO: '0',
        READ_STORE_SNAPSHOT_SECONDS: '2',
        FAULT_INJECTION_FILE: options.faultFile,
        ORPHANED_UNITS_GRACE_SECONDS: String(options.graceSeconds),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stays = new StaysChild(child, `http://127.0.0.1:${options.port}`);
    for (const started = Date.now(); !stays.output.includes('Stays is running'); await sleep(20)) {
      if (child.exitCode !== null || Date.now() - started > 60_000) {
        if (child.exitCode === null) child.kill('SIGKILL');
        await stays.exited;
        throw new ChildDidNotStart(stays.output);
      }
    }
    return stays;
  }

  get log(): string {
    return this.output;
  }

  /** Resolves the time (ms) until /healthz answered 200, polling; rejects after `withinMs`. */
  async healthy(withinMs = 60_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      const status = await fetch(`${this.baseUrl}/healthz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return Date.now() - started;
      if (Date.now() - started > withinMs) throw new Error(`not healthy within ${withinMs} ms:\n${this.output.slice(-4000)}`);
      await sleep(100);
    }
  }

  kill(): Promise<number | null> {
    this.child.kill('SIGKILL');
    return this.exited;
  }

  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    const code = await this.exited;
    if (code !== 0) throw new Error(`stopped with exit code ${code}:\n${this.output.slice(-4000)}`);
  }
}

export class ChildDidNotStart extends Error {
  constructor(readonly output: string) {
    super(`the product did not start:\n${output.slice(-4000)}`);
  }
}
