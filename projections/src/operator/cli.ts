/**
 * `npm run projection -- list | status | build <name> | switch <name> | drop <name>@<version>`:
 * the operator's client of the process that runs projections (see operator-api.ts), at
 * OPERATOR_URL (default http://127.0.0.1:PORT, a running `npm start`) with OPERATOR_TOKEN
 * (default: the one `npm start` keeps in DATA_DIR/keys/operator.token). Nothing has to
 * stop: the build runs in that process, beside the live version.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { OperatorCallError, loadConfig, operatorClient, readOperatorToken, runMain } from '@stays/service-kit';
import type { ReadModelsStatus, ReadModelVersionStatus } from '../read-model-runner.ts';
import type { VersionEntry } from '../registry.ts';

const USAGE = 'usage: npm run projection -- list | status | build <name> | switch <name> | drop <name>@<version>';
const POLL_MS = 250;
const PLAIN_LINE_EVERY_MS = 1000;

const table = (rows: string[][]): string => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

function statusTable(status: ReadModelsStatus): string {
  const rows = [['READ MODEL', 'VERSION', 'STATE', 'POSITION', 'LAG', 'DOCUMENTS', 'NOTE']];
  for (const model of status.models) {
    for (const version of model.versions) {
      const note = version.failed !== null ? `stopped: ${version.failed}` : version.state === 'building' && !version.caughtUp ? 'catching up' : '';
      rows.push([
        model.name,
        String(version.version),
        version.state,
        String(version.position ?? '-'),
        version.lag === null ? '-' : String(version.lag),
        String(version.documents),
        note,
      ]);
    }
  }
  return `${table(rows)}\nlog head: ${status.head ?? 'empty'}`;
}

const seconds = (value: number): string => (value < 60 ? `${Math.ceil(value)} s` : `${Math.floor(value / 60)} min ${Math.ceil(value % 60)} s`);

/** One progress report: events done, events/s, ETA (from how fast the position nears the head). */
function progressLine(version: ReadModelVersionStatus, head: number | null, elapsedS: number, bar: boolean): string {
  const position = version.position ?? 0;
  const fraction = head === null || head <= 0 ? 1 : Math.min(1, position / head);
  const rate = elapsedS > 0 ? version.events / elapsedS : 0;
  const positionRate = elapsedS > 0 ? position / elapsedS : 0;
  const eta = version.caughtUp ? 'caught up' : positionRate > 0 && head !== null ? `ETA ${seconds((head - position) / positionRate)}` : 'ETA -';
  const text = `${version.events.toLocaleString('en-IN')} events  ${Math.round(rate).toLocaleString('en-IN')} events/s  ${eta}`;
  if (!bar) return `${(fraction * 100).toFixed(1)}%  ${text}`;
  const filled = Math.round(fraction * 30);
  return `[${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${(fraction * 100).toFixed(1).padStart(5)}%  ${text}`;
}

async function followBuild(call: ReturnType<typeof operatorClient>, name: string, version: number): Promise<ReadModelVersionStatus> {
  const tty = process.stdout.isTTY === true;
  const started = performance.now();
  let printedAt = -Infinity;
  for (;;) {
    const status = await call<ReadModelsStatus>('GET', '/operator/read-models');
    const built = status.models.find((model) => model.name === name)?.versions.find((candidate) => candidate.version === version);
    if (built === undefined) throw new OperatorCallError(`${name}@${version} is gone (dropped?)`);
    if (built.failed !== null) throw new OperatorCallError(`${name}@${version} stopped: ${built.failed}`);
    const elapsedS = (performance.now() - started) / 1000;
    const done = built.caughtUp || built.state === 'live';
    if (tty) process.stdout.write(`\r${progressLine(built, status.head, elapsedS, true)}${done ? '\n' : ''}`);
    else if (done || performance.now() - printedAt >= PLAIN_LINE_EVERY_MS) {
      console.log(progressLine(built, status.head, elapsedS, false));
      printedAt = performance.now();
    }
    if (done) return built;
    await sleep(POLL_MS);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, argument] = argv;
  const config = loadConfig();
  const token = await readOperatorToken(config.operatorToken, path.join(config.dataDir, 'keys'));
  if (token === null) {
    console.error(
      `no operator token: set OPERATOR_TOKEN, or start \`npm start\` once with this DATA_DIR (it keeps one in ${path.join(config.dataDir, 'keys', 'operator.token')})`,
    );
    return 2;
  }
  const call = operatorClient(config.operatorUrl, token);
  switch (command) {
    case 'list': {
      const status = await call<ReadModelsStatus>('GET', '/operator/read-models');
      for (const model of status.models) {
        const versions = model.versions.map((version) => `${version.version} ${version.state}`).join(', ');
        console.log(`${model.name} (definition version ${model.definitionVersion}): ${versions || 'no version'}`);
      }
      return 0;
    }
    case 'status':
      console.log(statusTable(await call<ReadModelsStatus>('GET', '/operator/read-models')));
      return 0;
    case 'build': {
      if (argument === undefined) break;
      const entry = await call<VersionEntry>('POST', `/operator/read-models/${encodeURIComponent(argument)}/build`);
      console.log(`building ${argument}@${entry.version} from position 0 beside the live version`);
      const built = await followBuild(call, argument, entry.version);
      console.log(
        `${argument}@${entry.version} has caught up at position ${built.position ?? 'start'} and keeps following the log; \`npm run projection -- switch ${argument}\` makes it live`,
      );
      return 0;
    }
    case 'switch': {
      if (argument === undefined) break;
      const entry = await call<VersionEntry>('POST', `/operator/read-models/${encodeURIComponent(argument)}/switch`);
      console.log(`${argument}@${entry.version} is live; the previous version stays, retired, until \`npm run projection -- drop ${argument}@<version>\``);
      return 0;
    }
    case 'drop': {
      const match = /^([^@]+)@([0-9]+)$/.exec(argument ?? '');
      if (match === null) break;
      await call('DELETE', `/operator/read-models/${encodeURIComponent(match[1]!)}/versions/${match[2]}`);
      console.log(`dropped ${match[1]}@${match[2]}`);
      return 0;
    }
    default:
      break;
  }
  console.error(USAGE);
  return 2;
}

runMain(async () => {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof OperatorCallError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
});
