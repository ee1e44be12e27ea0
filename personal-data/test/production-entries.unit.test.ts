/** The production entries that read the log refuse to start without the master key, saying which variable to set. */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

const root = path.resolve(import.meta.dirname, '../..');
/** The projections worker also runs the notary, and needs its key too. */
const notarySigningKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('production entries without PERSONAL_DATA_KEY', function () {
  this.timeout(60_000);
  for (const entry of ['projections/src/server.ts', 'command-service/src/reactors/server.ts']) {
    it(`${entry} refuses to start, naming it`, async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'stays-entry-'));
      try {
        const result = spawnSync(process.execPath, ['--import', 'tsx', entry], {
          cwd: root,
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH ?? '',
            NODE_ENV: 'production',
            EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false',
            MONGO_URL: 'mongodb://127.0.0.1:1',
            DATA_DIR: dataDir,
            OUTBOX_DIR: dataDir,
            NOTARY_SIGNING_KEY: notarySigningKey,
          },
        });
        expect(result.status, result.stderr).to.equal(1);
        expect(result.stderr.trim()).to.equal(
          'PERSONAL_DATA_KEY is not set: personal data in the log could be neither encrypted nor read (npm run keys makes one for a new deployment)',
        );
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  }
});
