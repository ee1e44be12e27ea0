/**
 * A damaged last record against a write a crash interrupted, as the one-process product,
 * `npm run verify-log` and `npm run repair-log` see them. An acknowledged record cut by 7
 * bytes while the product was stopped: it refuses to start, cutting nothing and saying
 * what to do, and verify-log says the same; after `repair-log --truncate-to N` it starts,
 * its notary starts over and verify-log passes. Half a record no one was told about (a
 * write interrupted by a crash): it starts as before, and verify-log passes.
 */
import { appendFile, readFile, readdir, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { LogDamagedError } from '@stays/event-store';
import { signedInCustomer } from './support/accounts.ts';
import { ApiClient } from './support/http-client.ts';
import { readLogFile } from './support/log-file.ts';
import { runTool } from './support/stays-process.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const TOOLS = { 'verify-log': 'notary/src/verify-log-cli.ts', 'repair-log': 'standalone/src/repair-log-cli.ts' };
const npmScript = (script: keyof typeof TOOLS, dataDir: string, ...args: string[]) => runTool(TOOLS[script], { DATA_DIR: dataDir }, ...args);

/** A stopped product whose log holds a few sign-ups, every one notarised and signed. */
async function stoppedWithEvents(): Promise<{ dataDir: string; events: number }> {
  const stays = await startTestSystem();
  const api = new ApiClient(stays.baseUrl);
  for (let i = 0; i < 3; i++) await signedInCustomer(api, `Guest ${i}`);
  await stays.system.notary.whenCaughtUp();
  await stays.system.notary.signHeadNow();
  await stays.stop();
  return { dataDir: stays.dataDir, events: (await readLogFile(stays.dataDir)).length };
}

const logPath = (dataDir: string) => path.join(dataDir, 'events', 'events.log');

describe('a damaged last record, told apart from an interrupted write', function () {
  this.timeout(120_000);
  let stays: TestSystem | undefined;
  afterEach(async () => stays?.destroy());

  it('an acknowledged record cut by 7 bytes: refuses to start and says what to do; verify-log agrees; repair-log gets it going', async () => {
    const { dataDir, events } = await stoppedWithEvents();
    const size = (await stat(logPath(dataDir))).size;
    await truncate(logPath(dataDir), size - 7);

    const refused = await startTestSystem({ dataDir }).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(LogDamagedError);
    const message = (refused as Error).message;
    expect(message).to.include(`${events} events acknowledged, but only the first ${events - 1} are intact`);
    expect(message)
      .to.include(`npm run repair-log -- --truncate-to ${events - 1}`)
      .and.include('restore');
    expect((await stat(logPath(dataDir))).size).to.equal(size - 7, 'nothing cut');

    const verified = await npmScript('verify-log', dataDir);
    expect(verified.code).to.equal(1);
    expect(verified.output).to.include(message);

    const repaired = await npmScript('repair-log', dataDir, '--truncate-to', String(events - 1));
    expect(repaired.code, repaired.output).to.equal(0);
    expect(repaired.output)
      .to.include(`event log cut to its first ${events - 1} events`)
      .and.include('starts over from the log');
    const repairs = (await readFile(path.join(dataDir, 'events', 'repairs.log'), 'utf8')).trim().split('\n');
    expect(repairs).to.have.length(1);
    expect(JSON.parse(repairs[0]!)).to.include({ keptEvents: events - 1, notarised: events });
    expect((await readdir(dataDir)).some((name) => name.startsWith('notary.before-repair-'))).to.equal(true);

    stays = await startTestSystem({ dataDir });
    await stays.system.notary.whenCaughtUp();
    const health = await fetch(`${stays.baseUrl}/healthz`);
    expect(health.status, await health.clone().text()).to.equal(200);
    await signedInCustomer(new ApiClient(stays.baseUrl), 'After Repair');
    await stays.system.notary.whenCaughtUp();
    await stays.system.notary.signHeadNow();
    await stays.stop();
    const after = await npmScript('verify-log', dataDir);
    expect(after.code, after.output).to.equal(0);
    expect(after.output).to.match(/the log matches every signed tree head/);
  });

  it('half a record a crash left (never acknowledged): verify-log passes, and the product starts, cutting it, as before', async () => {
    const { dataDir, events } = await stoppedWithEvents();
    const bytes = await readFile(logPath(dataDir));
    await appendFile(logPath(dataDir), bytes.subarray(0, 40));

    const verified = await npmScript('verify-log', dataDir);
    expect(verified.code, verified.output).to.equal(0);
    expect(verified.output).to.include('not a complete append');

    stays = await startTestSystem({ dataDir });
    expect((await stat(logPath(dataDir))).size).to.equal(bytes.length);
    expect((await readLogFile(dataDir)).length).to.equal(events);
    const health = await fetch(`${stays.baseUrl}/healthz`);
    expect(health.status).to.equal(200);
  });
});
