/**
 * The analysts' loop of docs/read-models.md, run as the page says, against `npm start` in a
 * child process: every command of its `analysts-loop` block (write a model file, try it,
 * build it in the running process without a restart, query, switch, change it and build
 * version 2 beside the live one, export, read the export with jq) and of its
 * `analysts-mistakes` block (each a clear message and a non-zero exit, while the product
 * keeps answering /healthz). The commands are read from the page, so the page cannot rot.
 *
 * Nothing is written into the repository: the product runs with READ_MODELS_DIR, a folder
 * of the test's own, and the page's commands are run with the page's paths moved there (the
 * model file, the export, and the model's import of `defineReadModel`, by its full path).
 */
import { spawn } from 'node:child_process';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ApiClient } from './support/http-client.ts';
import { signedInOwner } from './support/accounts.ts';
import { hotelForm, pngImages } from './support/fixtures.ts';
import { freePort } from './support/free-port.ts';
import { REPO, StaysProcess } from './support/stays-process.ts';

const PAGE = path.join(REPO, 'docs/read-models.md');
/** Where the page puts the model, relative to the repository (the page's commands run there). */
const PAGE_MODELS = 'projections/src/read-models/';
const EXPORT_FILE = 'hotels-by-city.ndjson';

/** A command of the page with its files in `dir` instead of the repository. */
function movedTo(dir: string, command: string): string {
  return command
    .replaceAll(PAGE_MODELS, `${dir}/`)
    .replaceAll(`'../read-model.ts'`, `'${path.join(REPO, 'projections/src/read-model.ts')}'`)
    .replaceAll(` ${EXPORT_FILE}`, ` ${dir}/${EXPORT_FILE}`);
}

interface Run {
  readonly command: string;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The shell commands of a fenced block of the page marked `sh <name>`: one a line, a here-document with its lines. */
export function commandsOf(page: string, name: string): string[] {
  const block = new RegExp('```sh ' + name + '\\n([\\s\\S]*?)```').exec(page)?.[1];
  if (block === undefined) throw new Error(`docs/read-models.md has no block marked sh ${name}`);
  const commands: string[] = [];
  const lines = block.split('\n').filter((line) => line.trim() !== '');
  for (let at = 0; at < lines.length; at++) {
    let command = lines[at]!;
    const heredoc = /<<'(\w+)'$/.exec(command)?.[1];
    if (heredoc !== undefined) {
      while (lines[++at] !== heredoc) command += `\n${lines[at]}`;
      command += `\n${heredoc}`;
    }
    commands.push(command);
  }
  return commands;
}

function shell(command: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ command, code, stdout, stderr }));
  });
}

describe("the analysts' loop of docs/read-models.md against npm start", function () {
  this.timeout(300_000);
  let dataDir: string;
  /** The analyst's folder: the model file and the export. */
  let modelsDir: string;
  let env: NodeJS.ProcessEnv;
  let server: StaysProcess;
  let baseUrl: string;
  let page: string;

  before(async () => {
    page = await readFile(PAGE, 'utf8');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-analysts-'));
    modelsDir = await mkdtemp(path.join(os.tmpdir(), 'stays-analysts-models-'));
    // its files are ES modules, as the repository's are (docs/read-models.md)
    await writeFile(path.join(modelsDir, 'package.json'), '{ "type": "module" }\n');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: '0',
      EVENTSTORE_URL: '',
      MONGO_URL: '',
      OPERATOR_TOKEN: '',
      OPERATOR_URL: '',
      READ_MODELS_DIR: modelsDir,
    };
    server = await StaysProcess.start({ dataDir, port, env: { READ_MODELS_DIR: modelsDir } });
    // three hotels, two cities: what the page's model counts
    const api = new ApiClient(baseUrl);
    for (const [city, startingPrice] of [
      ['Pune', '3200'],
      ['Pune', '4500'],
      ['Panaji', '25000'],
    ] as const) {
      const owner = await signedInOwner(api);
      const hotel = await api.multipart(
        'POST',
        '/hotel/data/create/hotel',
        hotelForm({ city, startingPrice }),
        { imageURLs: await pngImages(5) },
        { token: owner.token },
      );
      expect(hotel.status, JSON.stringify(hotel.body)).to.equal(201);
    }
  });
  after(async () => {
    if (server?.running) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await rm(modelsDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  const healthy = async () => (await fetch(`${baseUrl}/healthz`)).status;

  it('runs every command of the loop, each doing what the page says', async () => {
    const commands = commandsOf(page, 'analysts-loop');
    const runs: Run[] = [];
    for (const command of commands) {
      const run = await shell(movedTo(modelsDir, command), env);
      expect(run.code, `${command}\n${run.stdout}\n${run.stderr}`).to.equal(0);
      runs.push(run);
    }
    const [, try1, build1, query1, switch1, , try2, build2, query2, switch2, exported, jq] = runs;
    expect(runs).to.have.length(12);

    expect(try1!.stdout).to.match(/^hotels-by-city@1: \d+ events read up to position \d+, 3 of the types it handles, in \d+ ms$/m);
    expect(try1!.stdout).to.contain('cities: 2 documents, the first 2:');
    expect(try1!.stdout).to.match(/^\{"_id":"Panaji","hotels":1,"_position":\d+\}$/m);
    expect(build1!.stdout).to.match(/^hotels-by-city@1 has caught up at position \d+ and keeps following the log/m);
    const cities = query1!.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { _id: string; hotels: number });
    expect(cities.map(({ _id, hotels }) => [_id, hotels])).to.deep.equal([
      ['Pune', 2],
      ['Panaji', 1],
    ]);
    expect(query1!.stderr.trim()).to.equal('2 documents of hotels-by-city@1 (building) cities');
    expect(switch1!.stdout).to.contain('hotels-by-city@1 is live');

    // the edited file is read again by the same process: version 2, built beside the live 1
    expect(try2!.stdout).to.match(/^\{"_id":"Pune","hotels":2,"cheapest":3200,"_position":\d+\}$/m);
    expect(build2!.stdout).to.contain('building hotels-by-city@2 from position 0 beside the live version');
    expect(
      query2!.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as object),
    ).to.deep.equal([{ _id: 'Pune', hotels: 2, cheapest: 3200, _position: JSON.parse(query2!.stdout.trim())._position }]);
    expect(query2!.stderr.trim()).to.equal('1 documents of hotels-by-city@2 (building) cities');
    expect(switch2!.stdout).to.contain('hotels-by-city@2 is live');
    expect(exported!.stderr.trim()).to.equal('exported 2 documents of hotels-by-city@2 (live) cities');
    const lines = (await readFile(path.join(modelsDir, EXPORT_FILE), 'utf8')).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { _id: string })._id)).to.deep.equal(['Panaji', 'Pune']);
    expect(jq!.stdout.trim()).to.equal('3');
    expect(await healthy()).to.equal(200);
    const inRepository = await access(path.join(REPO, PAGE_MODELS, 'hotels-by-city.ts')).then(
      () => true,
      () => false,
    );
    expect(inRepository, 'a model file in the source tree').to.equal(false);
  });

  it('answers each mistake of the page with its message and a non-zero exit, and keeps serving', async () => {
    const expected: [number, RegExp][] = [
      [1, /^package\.json does not define a read model: export the value of defineReadModel/],
      [1, /^the filter uses \$where, which is not allowed here \(allowed: /],
      [2, /^--filter is not JSON \(/],
      [1, /^no read model is named hotels-by-cty \(read models: accounts, availability, bookings, calendar-sync, hotels, hotels-by-city, occupancy/],
      [1, /^hotels-by-city has no version 9 \(versions: 1 retired, 2 live\)$/],
      [1, /^accounts reads personal fields, so its documents are for auditors/],
    ];
    const commands = commandsOf(page, 'analysts-mistakes');
    expect(commands).to.have.length(expected.length);
    for (const [index, command] of commands.entries()) {
      const run = await shell(movedTo(modelsDir, command), env);
      const [code, message] = expected[index]!;
      expect(run.code, `${command}\n${run.stderr}`).to.equal(code);
      expect(run.stderr.trim(), command).to.match(message);
      expect(run.stdout, command).to.equal('');
      expect(await healthy(), command).to.equal(200);
    }
    // a file that does not load is refused by build, the process running on
    const broken = await shell(
      `printf 'export const x: number = ;\\n' > ${modelsDir}/hotels-by-city.ts && npm run -s projection -- build hotels-by-city; code=$?; rm ${modelsDir}/hotels-by-city.ts; exit $code`,
      env,
    );
    expect(broken.code).to.equal(1);
    expect(broken.stderr).to.match(/^no file that loads defines hotels-by-city \(read models: .*\); files that did not load: .*hotels-by-city\.ts: /);
    expect(await healthy()).to.equal(200);
  });
});
