/**
 * `npm run projection -- list | status | build <name> | switch <name> | drop <name>@<version>
 * | query <name>[@<version>] | export <name>[@<version>]`: the operator's client of the
 * process that runs projections (see operator-api.ts), at OPERATOR_URL (default
 * http://127.0.0.1:PORT, a running `npm start`) with OPERATOR_TOKEN (default: the one
 * `npm start` keeps in DATA_DIR/keys/operator.token). Nothing has to stop: the build runs
 * in that process, beside the live version; query and export only read.
 *
 * `try <file>` is the exception: it runs a model file over the log in this process
 * (try-read-model.ts), so it needs no running process and changes nothing.
 */
import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { EmbeddedLogReader, connectEventStoreDB, type RecordedEvent } from '@stays/event-store';
import { ConfigError, OperatorCallError, loadConfig, operatorClient, readOperatorToken, runMain, type Config } from '@stays/service-kit';
import { MAX_DOCUMENTS_LIMIT, type DocumentsAnswer } from '../document-query.ts';
import type { ReadModelsStatus, ReadModelVersionStatus } from '../read-model-runner.ts';
import type { VersionEntry } from '../registry.ts';
import { TryError, readModelsOfFile, tryReadModel, type TriedReadModel } from './try-read-model.ts';

const USAGE = [
  'usage: npm run projection -- list | status | build <name> | switch <name> | drop <name>@<version>',
  '       npm run projection -- try <file> [--limit N]',
  '       npm run projection -- query <name>[@<version>] [--collection C] [--filter JSON] [--sort JSON] [--limit N]',
  '       npm run projection -- export <name>[@<version>] [--collection C] [--filter JSON]',
].join('\n');
const TRY_SHOWN = 5;
const EXPORT_PAGE = MAX_DOCUMENTS_LIMIT;
const ESDB_PAGE = 5000;
const EMBEDDED_READ_BYTES = 8 * 1024 * 1024;

/** A command line that cannot be run: said plainly, exit 2. */
class UsageError extends Error {
  override readonly name = 'UsageError';
}
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

interface DocumentOptions {
  readonly name: string;
  readonly version?: number;
  readonly collection?: string;
  readonly filter?: unknown;
  readonly sort?: unknown;
  readonly limit?: number;
}

function json(flag: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${flag} is not JSON (${(error as Error).message}): ${text}`);
  }
}

/** `<name>[@<version>]` and the flags of query and export. */
function documentOptions(args: readonly string[], flags: readonly string[]): DocumentOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { collection: { type: 'string' }, filter: { type: 'string' }, sort: { type: 'string' }, limit: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  for (const flag of Object.keys(values)) if (!flags.includes(flag)) throw new UsageError(`--${flag} does not go with this command`);
  const match = /^([^@]+)(?:@([0-9]+))?$/.exec(positionals[0] ?? '');
  if (match === null || positionals.length > 1) throw new UsageError(USAGE);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_DOCUMENTS_LIMIT))
    throw new UsageError(`--limit is a whole number from 1 to ${MAX_DOCUMENTS_LIMIT}, not ${values.limit}`);
  return {
    name: match[1]!,
    ...(match[2] !== undefined && { version: Number(match[2]) }),
    ...(values.collection !== undefined && { collection: values.collection }),
    ...(values.filter !== undefined && { filter: json('filter', values.filter) }),
    ...(values.sort !== undefined && { sort: json('sort', values.sort) }),
    ...(limit !== undefined && { limit }),
  };
}

/** Writes text to stdout, waiting while its reader is behind (an export to a slow pipe holds one page, not all). */
async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

const documentsOf = (call: ReturnType<typeof operatorClient>, options: DocumentOptions, extra: Record<string, unknown>) => {
  const { name, ...query } = options;
  return call<DocumentsAnswer>('POST', `/operator/read-models/${encodeURIComponent(name)}/documents`, { ...query, ...extra }).catch((error: unknown) => {
    // the running process names the collections; here they are picked with a flag
    if (error instanceof OperatorCallError && error.message.endsWith(': name one')) throw new OperatorCallError(`${error.message} with --collection`);
    throw error;
  });
};

/** The log as stored, in batches: DATA_DIR's embedded log read beside its writer, or EventStoreDB's `$all`. */
async function* storedLog(config: Config): AsyncGenerator<readonly RecordedEvent[]> {
  if (config.eventStoreUrl) {
    const store = connectEventStoreDB(config.eventStoreUrl);
    try {
      let after: number | undefined;
      for (;;) {
        const events = await store.readAll({ ...(after !== undefined && { after }), maxCount: ESDB_PAGE });
        if (events.length === 0) return;
        yield events;
        after = events.at(-1)!.position;
      }
    } finally {
      await store.close();
    }
  }
  const dir = path.join(config.dataDir, 'events');
  const reader = await EmbeddedLogReader.open(dir).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new ConfigError(`no event log in ${dir}: set DATA_DIR to the directory npm start uses, or EVENTSTORE_URL`) : error;
  });
  try {
    for (;;) {
      const events = await reader.readEvents(EMBEDDED_READ_BYTES);
      if (events.length === 0) return;
      yield events;
    }
  } finally {
    await reader.close();
  }
}

function triedSummary(tried: TriedReadModel): string {
  const count = (value: number) => value.toLocaleString('en-IN');
  const lines = [
    `${tried.name}@${tried.version}: ${count(tried.events)} events read up to position ${tried.position ?? '-'}, ${count(tried.handled)} of the types it handles, in ${Math.ceil(tried.milliseconds)} ms`,
  ];
  if (tried.personalFieldsLeftOut)
    lines.push('note: try reads the log as stored, so its handlers got events without their personal fields; `build` in the running process reads them');
  for (const collection of tried.collections) {
    lines.push(`${collection.name}: ${count(collection.documents)} documents${collection.first.length > 0 ? `, the first ${collection.first.length}:` : ''}`);
    for (const document of collection.first) lines.push(JSON.stringify(document));
  }
  return lines.join('\n');
}

async function tryFile(args: readonly string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args: [...args], allowPositionals: true, options: { limit: { type: 'string' } } });
  if (positionals.length !== 1) throw new UsageError(USAGE);
  const shown = values.limit === undefined ? TRY_SHOWN : Number(values.limit);
  if (!(Number.isInteger(shown) && shown >= 0 && shown <= MAX_DOCUMENTS_LIMIT))
    throw new UsageError(`--limit is a whole number from 0 to ${MAX_DOCUMENTS_LIMIT}`);
  const config = loadConfig();
  for (const model of await readModelsOfFile(positionals[0]!)) {
    console.log(triedSummary(await tryReadModel(model, storedLog(config), shown)));
  }
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, argument] = argv;
  if (command === 'try') return tryFile(argv.slice(1));
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
    case 'query': {
      const options = documentOptions(argv.slice(1), ['collection', 'filter', 'sort', 'limit']);
      const answer = await documentsOf(call, options, {});
      for (const document of answer.documents) await write(`${JSON.stringify(document)}\n`);
      console.error(`${answer.documents.length} documents of ${answer.model}@${answer.version} (${answer.state}) ${answer.collection}`);
      return 0;
    }
    case 'export': {
      let options = documentOptions(argv.slice(1), ['collection', 'filter']);
      let after: unknown;
      let exported = 0;
      for (;;) {
        const page = await documentsOf(call, options, { limit: EXPORT_PAGE, ...(after !== undefined && { after }) });
        // every page reads the version and collection the first one resolved, so a switch meanwhile does not mix two versions
        options = { ...options, version: page.version, collection: page.collection };
        if (page.documents.length > 0) await write(page.documents.map((document) => `${JSON.stringify(document)}\n`).join(''));
        exported += page.documents.length;
        if (page.documents.length < EXPORT_PAGE) {
          console.error(`exported ${exported} documents of ${page.model}@${page.version} (${page.state}) ${page.collection}`);
          return 0;
        }
        after = page.documents.at(-1)!._id;
      }
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
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exitCode = 2;
      return;
    }
    if (!(error instanceof OperatorCallError || error instanceof TryError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
});
