/**
 * The one-process product as a child process on a data directory, as an operator runs it
 * (`npm start` without the client build): started, asked whether it is healthy, signalled,
 * stopped gracefully or killed, its output kept. And the operator's command-line tools
 * (`npm run verify-log`, `npm run repair-log`, ...) run to their end, output collected.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { npmStartNodeFlags } from './npm-start-flags.ts';

export const REPO = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StaysProcessOptions {
  readonly dataDir: string;
  readonly port: number;
  /** More environment, over the defaults (embedded stores, no demo seed, no operator URL). */
  readonly env?: NodeJS.ProcessEnv;
}

/** The product did not reach "Stays is running": it exited first, or took too long. */
export class ChildDidNotStart extends Error {
  constructor(readonly output: string) {
    super(`the product did not start:\n${output.slice(-4000)}`);
  }
}

export class StaysProcess {
  private text = '';
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
  readonly baseUrl: string;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    child.stdout!.on('data', (chunk: Buffer) => (this.text += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.text += chunk.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  /** Starts the product without waiting for it (a test that looks at its start, or at its refusal to start). */
  static spawn(options: StaysProcessOptions): StaysProcess {
    const child = spawn(process.execPath, [...npmStartNodeFlags(), '--import', 'tsx', 'standalone/src/main.ts'], {
      cwd: REPO,
      env: {
        ...process.env,
        EVENTSTORE_URL: '',
        MONGO_URL: '',
        OPERATOR_TOKEN: '',
        OPERATOR_URL: '',
        SEED_DEMO: '0',
        DATA_DIR: options.dataDir,
        PORT: String(options.port),
        PUBLIC_URL: `http://127.0.0.1:${options.port}`,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new StaysProcess(child, options.port);
  }

  /** Starts the product; resolves once it listens, or rejects with ChildDidNotStart (its output) when it exits first. */
  static async start(options: StaysProcessOptions, withinMs = 90_000): Promise<StaysProcess> {
    const stays = StaysProcess.spawn(options);
    await stays.untilRunning(withinMs);
    return stays;
  }

  /** What it wrote to stdout and stderr so far. */
  get output(): string {
    return this.text;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once `condition` holds of its output; rejects when it exits first or after `withinMs`. */
  async until(condition: (output: string) => boolean, withinMs = 90_000): Promise<void> {
    for (const started = Date.now(); !condition(this.text); await sleep(20)) {
      if (!this.running || Date.now() - started > withinMs) {
        if (this.running) this.child.kill('SIGKILL');
        await this.exited;
        throw new ChildDidNotStart(this.text);
      }
    }
  }

  untilRunning(withinMs = 90_000): Promise<void> {
    return this.until((output) => output.includes('Stays is running'), withinMs);
  }

  /** Resolves the time (ms) until /healthz answered 200, polling; rejects after `withinMs`. */
  async healthy(withinMs = 60_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      let said = '';
      const status = await fetch(`${this.baseUrl}/healthz`).then(
        async (response) => ((said = await response.text()), response.status),
        () => 0,
      );
      if (status === 200) return Date.now() - started;
      if (Date.now() - started > withinMs) throw new Error(`not healthy within ${withinMs} ms; /healthz said ${said || 'nothing'}:\n${this.text.slice(-4000)}`);
      await sleep(100);
    }
  }

  /** SIGKILL (a crash); resolves with the exit code. A process already gone is left alone. */
  kill(): Promise<number | null> {
    if (this.running) this.child.kill('SIGKILL');
    return this.exited;
  }

  /** SIGTERM (a graceful stop); rejects unless it exits 0. */
  async stop(): Promise<void> {
    if (this.running) this.child.kill('SIGTERM');
    const code = await this.exited;
    if (code !== 0) throw new Error(`stopped with exit code ${code}:\n${this.text.slice(-4000)}`);
  }
}

/** One of the operator's command-line tools (a file of the repository, run as `npm run` does) on `env`: its exit code and its output. */
export async function runTool(entry: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; output: string; stdout: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO, entry), ...args], {
      cwd: REPO,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: `${stdout}${stderr}`, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}`, stdout: failed.stdout };
  }
}

/**
 * Writes one of the product's control files (FAULT_INJECTION_FILE, CLOCK_STEP_FILE) whole
 * at once: the product reads them at any moment, and must never see one half written.
 */
export async function writeControlFile(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}
