import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { API_PREFIX_DEFAULT } from '@stays/contracts';

const root = path.resolve(import.meta.dirname, '../..');
const has = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const compose: [string, string[]] | null = has('docker', ['compose', 'version'])
  ? ['docker', ['compose']]
  : has('docker-compose', ['version'])
    ? ['docker-compose', []]
    : null;

describe('production deployment files', () => {
  it('docker-compose.yml is accepted by `compose config`', function () {
    if (compose === null) this.skip();
    const [command, prefix] = compose!;
    const output = execFileSync(command, [...prefix, 'config', '--services'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(output.split('\n').filter(Boolean).sort()).to.deep.equal([
      'command-service',
      'documents',
      'eventstore',
      'gateway',
      'mongo',
      'projections',
      'query-service',
      'reactors',
    ]);
    execFileSync(command, [...prefix, 'config', '-q'], { cwd: root, stdio: 'ignore' });
  });

  it('the gateway routes the same API prefix the services serve, and hides /internal and /metrics', () => {
    const gateway = readFileSync(path.join(root, 'deploy/gateway.nginx.conf'), 'utf8');
    expect(gateway).to.contain(`location ${API_PREFIX_DEFAULT}/ {`);
    expect(gateway).to.match(/location \/internal\/ \{ return 404; \}/);
    // Prometheus scrapes the services on their own network, never through the public address
    expect(gateway).to.match(/location = \/metrics \{ return 404; \}/);
  });

  it("the gateway sends the client's files the security headers of `npm start`, generated when the image is built", () => {
    const gateway = readFileSync(path.join(root, 'deploy/gateway.nginx.conf'), 'utf8');
    const blocks = new Map([...gateway.matchAll(/location (\S+) \{([^}]*)\}/g)].map(([, where, body]) => [where!, body!]));
    for (const where of ['/', '/assets/']) {
      expect(blocks.get(where), `location ${where}`).to.contain('include /etc/nginx/snippets/security-headers.conf;');
    }
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).to.contain('scripts/gateway-headers.ts > deploy/security-headers.conf');
    expect(dockerfile).to.contain('COPY --from=build /app/deploy/security-headers.conf /etc/nginx/snippets/security-headers.conf');
    const generated = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/gateway-headers.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PUBLIC_URL: 'https://stays.example.in', VITE_GOOGLE_CLIENT_ID: '' },
    });
    expect(generated).to.match(/^add_header Content-Security-Policy "default-src 'self';[^"]*frame-ancestors 'none'[^"]*" always;$/m);
    expect(generated).to.match(/^add_header X-Frame-Options "DENY" always;$/m);
    expect(generated).to.match(/^add_header X-Content-Type-Options "nosniff" always;$/m);
    expect(generated).to.match(/^add_header Strict-Transport-Security "max-age=\d+; includeSubDomains" always;$/m);
    expect(generated).to.not.contain('google');
  });

  it("gives the command service the bootstrap auditor, and the query service the event log it records auditors' reads in and the personal-data key", () => {
    const file = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const service = (name: string) => new RegExp(`^  ${name}:\\n((?:    .*\\n|\\s*\\n)*)`, 'm').exec(file)?.[1] ?? '';
    const sharedEnv = /^x-service-env: &service-env\n((?: {2}.*\n)*)/m.exec(file)?.[1] ?? '';
    expect(sharedEnv).to.match(/^ {2}EVENTSTORE_URL: esdb:\/\//m);
    expect(service('query-service')).to.contain('<<: *service-env');
    expect(service('command-service')).to.contain('BOOTSTRAP_AUDITOR_EMAIL: ${BOOTSTRAP_AUDITOR_EMAIL:-}');
    expect(service('command-service')).to.contain('BOOTSTRAP_AUDITOR_PASSWORD: ${BOOTSTRAP_AUDITOR_PASSWORD:-}');
    expect(service('query-service')).to.not.contain('BOOTSTRAP_AUDITOR');
    const querySource = readFileSync(path.join(root, 'query-service/src/server.ts'), 'utf8');
    expect(querySource).to.contain('auditTrail: eventStoreAuditTrail(');
    // and reveals the records auditors read with the personal-data keys
    expect(service('query-service')).to.contain('PERSONAL_DATA_KEY: ${PERSONAL_DATA_KEY:-}');
    expect(querySource).to.contain('reveal: async (record) => (await revealRecord(record, keys)).data');
  });

  it('runs the booking documents as replicas of one entry, and the single-instance reactors without them', () => {
    const file = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const service = (name: string) => new RegExp(`^  ${name}:\\n((?:    .*\\n|\\s*\\n)*)`, 'm').exec(file)?.[1] ?? '';
    expect(service('documents')).to.match(/^ {4}deploy:\n {6}replicas: \$\{DOCUMENTS_REPLICAS:-\d+\}$/m);
    expect(service('documents')).to.contain('SERVICE: command-service/src/reactors/documents }');
    expect(readFileSync(path.join(root, 'command-service/src/reactors/documents/server.ts'), 'utf8')).to.contain('competingBookingDocuments(');
    expect(service('reactors')).to.not.contain('replicas');
    expect(readFileSync(path.join(root, 'command-service/src/reactors/server.ts'), 'utf8')).to.not.contain('bookingDocumentsReactor');
  });
});
