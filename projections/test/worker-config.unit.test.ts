/** The production projections worker refuses to start without the notary's signing key, before it connects to anything. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';

const root = path.resolve(import.meta.dirname, '../..');

describe('projections worker configuration', function () {
  this.timeout(30_000);

  it('refuses to start without NOTARY_SIGNING_KEY, naming it', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'projections/src/server.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false', MONGO_URL: 'mongodb://127.0.0.1:1' },
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.equal('the projections worker needs NOTARY_SIGNING_KEY for the notary (npm run keys)');
  });
});
