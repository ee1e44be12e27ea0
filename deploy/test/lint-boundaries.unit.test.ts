/**
 * `npm run lint` enforces docs/architecture.md's "may import" table: a source placed in a
 * workspace that imports a workspace it may not (one above it, or the composition root)
 * fails, as do contracts importing anything but zod and the frontend importing Node.
 * Each case lints an in-memory file at a real path through ESLint's Node API and the
 * repository's own eslint.config.js.
 */
import path from 'node:path';
import { expect } from 'chai';
import { ESLint, type Linter } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages;
}

const boundaryErrors = (messages: Linter.LintMessage[]) =>
  messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);

/** Exactly one boundary error gives this reason (ESLint may put the specifier before it). */
const refusedFor = (reason: string) => (errors: string[]) => errors.filter((error) => error.endsWith(reason));

/** The architecture, stated here on its own so the lint config is checked against it. */
const mayImport: Record<string, readonly string[]> = {
  contracts: [],
  'event-store': [],
  'read-store': [],
  'service-kit': ['contracts'],
  'personal-data': ['contracts', 'event-store', 'service-kit'],
  projections: ['contracts', 'event-store', 'read-store', 'service-kit'],
  notary: ['contracts', 'event-store', 'read-store', 'service-kit'],
  'command-service': ['contracts', 'event-store', 'service-kit', 'personal-data'],
  'query-service': ['contracts', 'read-store', 'service-kit', 'projections', 'notary'],
  frontend: ['contracts'],
  standalone: ['contracts', 'event-store', 'read-store', 'service-kit', 'personal-data', 'projections', 'notary', 'command-service', 'query-service'],
};
const workspaces = Object.keys(mayImport);

describe('lint: workspace boundaries', () => {
  for (const workspace of workspaces) {
    it(`${workspace}/src imports exactly the workspaces it may`, async () => {
      for (const other of workspaces.filter((name) => name !== workspace)) {
        const errors = boundaryErrors(await lint(`${workspace}/src/probe.ts`, `import * as other from '@stays/${other}';\nexport const probe = other;\n`));
        const allowed = mayImport[workspace]!.map((name) => `@stays/${name}`).join(', ');
        const reason = `${workspace} may import ${allowed ? `only ${allowed}` : 'no other workspace'} (docs/architecture.md, Workspaces).`;
        if (mayImport[workspace]!.includes(other)) expect(errors, `${workspace} → ${other}`).to.deep.equal([]);
        else expect(refusedFor(reason)(errors), `${workspace} → ${other}: ${errors.join(' | ')}`).to.have.length(1);
      }
    });
  }

  it('refuses the frontend importing the event store, however it is written', async () => {
    const refused = refusedFor('frontend may import only @stays/contracts (docs/architecture.md, Workspaces).');
    for (const code of [
      "import { openEmbeddedEventStore } from '@stays/event-store';\nexport const probe = openEmbeddedEventStore;\n",
      "import type { EventStore } from '@stays/event-store';\nexport type Probe = EventStore;\n",
      "export { openEmbeddedEventStore } from '@stays/event-store';\n",
      "export const probe = () => import('@stays/event-store');\n",
      "export type Probe = import('@stays/event-store').EventStore;\n",
    ]) {
      const errors = boundaryErrors(await lint('frontend/src/features/probe.ts', code));
      expect(refused(errors), code).to.have.length(1);
      expect(errors, code).to.have.length(1);
    }
    const relative = boundaryErrors(await lint('frontend/src/app/probe.ts', "import '../../../event-store/src/index.ts';\n"));
    expect(refusedFor('Import another workspace by its package name (@stays/…), never by a relative path.')(relative)).to.have.length(1);
  });

  it('refuses Node built-ins in the frontend', async () => {
    for (const specifier of ['node:fs', 'fs', 'path', 'crypto', 'node:stream/web']) {
      const errors = boundaryErrors(await lint('frontend/src/probe.ts', `import * as builtin from '${specifier}';\nexport const probe = builtin;\n`));
      expect(refusedFor('The frontend runs in the browser: no Node built-ins.')(errors), specifier).to.have.length(1);
    }
  });

  it('refuses contracts importing anything but zod', async () => {
    for (const specifier of ['koa', 'node:crypto', 'mongodb', '@stays/service-kit']) {
      const errors = boundaryErrors(await lint('contracts/src/probe.ts', `import * as outside from '${specifier}';\nexport const probe = outside;\n`));
      expect(refusedFor('contracts may import only zod (docs/architecture.md, Workspaces).')(errors), specifier).to.have.length(1);
    }
  });

  it('passes sources that keep to the table', async () => {
    expect(
      await lint('contracts/src/probe.ts', "import { z } from 'zod';\nimport { ROUTES } from './routes.ts';\nexport const probe = [z, ROUTES];\n"),
    ).to.deep.equal([]);
    expect(
      await lint(
        'frontend/src/features/probe.tsx',
        "import { useState } from 'react';\nimport { messages } from '@stays/contracts';\nimport { apiClient } from '../lib/api-client.ts';\nexport const probe = [useState, messages, apiClient];\n",
      ),
    ).to.deep.equal([]);
    expect(
      await lint(
        'command-service/src/probe.ts',
        "import type { EventStore } from '@stays/event-store';\nimport { randomUUID } from 'node:crypto';\nexport const probe = (store: EventStore) => [store, randomUUID()];\n",
      ),
    ).to.deep.equal([]);
  });

  it("lets only the query service's production entry read the log's head", async () => {
    const code = "import { connectEventStoreDB } from '@stays/event-store';\nexport const probe = connectEventStoreDB;\n";
    expect(boundaryErrors(await lint('query-service/src/server.ts', code))).to.deep.equal([]);
    for (const file of ['query-service/src/app.ts', 'query-service/src/hotels/routes.ts']) {
      const errors = boundaryErrors(await lint(file, code));
      expect(
        refusedFor(
          'query-service may import only @stays/contracts, @stays/read-store, @stays/service-kit, @stays/projections, @stays/notary (docs/architecture.md, Workspaces).',
        )(errors),
        file,
      ).to.have.length(1);
    }
    const further = boundaryErrors(
      await lint('query-service/src/server.ts', "import * as commands from '@stays/command-service';\nexport const probe = commands;\n"),
    );
    expect(further).to.have.length(1);
  });

  it("lets only the projections worker's entries open the personal-data layer", async () => {
    const code = "import { withPersonalData } from '@stays/personal-data';\nexport const probe = withPersonalData;\n";
    for (const file of ['projections/src/server.ts', 'projections/src/cli.ts']) expect(boundaryErrors(await lint(file, code)), file).to.deep.equal([]);
    const errors = boundaryErrors(await lint('projections/src/read-models/bookings.ts', code));
    expect(
      refusedFor('projections may import only @stays/contracts, @stays/event-store, @stays/read-store, @stays/service-kit (docs/architecture.md, Workspaces).')(
        errors,
      ),
    ).to.have.length(1);
  });

  it('lets tests, benchmarks and the composition root import anything', async () => {
    const anything =
      "import * as root from '@stays/standalone';\nimport * as store from '@stays/event-store';\nimport { readFileSync } from 'node:fs';\nexport const probe = [root, store, readFileSync];\n";
    expect(await lint('frontend/test/e2e/probe.e2e.test.ts', anything)).to.deep.equal([]);
    expect(await lint('contracts/test/probe.unit.test.ts', anything)).to.deep.equal([]);
    expect(await lint('bench/probe.bench.ts', anything)).to.deep.equal([]);
    expect(
      boundaryErrors(
        await lint(
          'standalone/src/probe.ts',
          "import * as query from '@stays/query-service';\nexport const probe = () => [query, import('@stays/command-service')];\n",
        ),
      ),
    ).to.deep.equal([]);
  });
});
