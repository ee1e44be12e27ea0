import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { API_PREFIX_DEFAULT } from '@stays/contracts';

const root = path.resolve(import.meta.dirname, '../..');
const has = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const compose: [string, string[]] | null = has('docker', ['compose', 'version'])
  ? ['docker', ['compose']]
  : has('docker-compose', ['version']) ? ['docker-compose', []] : null;

describe('production deployment files', () => {
  it('docker-compose.yml is accepted by `compose config`', function () {
    if (compose === null) this.skip();
    const [command, prefix] = compose!;
    const output = execFileSync(command, [...prefix, 'config', '--services'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(output.split('\n').filter(Boolean).sort()).to.deep.equal(['command-service', 'eventstore', 'gateway', 'mongo', 'projections', 'query-service', 'reactors']);
    execFileSync(command, [...prefix, 'config', '-q'], { cwd: root, stdio: 'ignore' });
  });

  it('the gateway routes the same API prefix the services serve, and hides /internal', () => {
    const gateway = readFileSync(path.join(root, 'deploy/gateway.nginx.conf'), 'utf8');
    expect(gateway).to.contain(`location ${API_PREFIX_DEFAULT}/ {`);
    expect(gateway).to.match(/location \/internal\/ \{ return 404; \}/);
  });
});
