/** The production projections worker runs the notary: without its key it refuses to start, saying which variable to set. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';

const root = path.resolve(import.meta.dirname, '../..');

describe('the projections worker without NOTARY_SIGNING_KEY', function () {
  this.timeout(60_000);
  it('refuses to start, naming it', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'projections/src/server.ts'], {
      cwd: root, encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false', MONGO_URL: 'mongodb://127.0.0.1:1', PERSONAL_DATA_KEY: Buffer.alloc(32, 7).toString('base64') },
    });
    expect(result.status, result.stderr).to.equal(1);
    expect(result.stderr.trim()).to.equal('the projections worker needs NOTARY_SIGNING_KEY for the notary (npm run keys)');
  });
});
