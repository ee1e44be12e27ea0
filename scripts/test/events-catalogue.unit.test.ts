/**
 * The event catalogue in docs/events/ is what `npm run events -- catalogue` writes from
 * contracts today (regenerated in memory and compared), and its examples are events the
 * product reads.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventSchemaVersions, eventSchemas, parseEvent, type DomainEventType } from '@stays/contracts';
import { CATALOGUE_DIR, renderCatalogue } from '../events/catalogue.ts';
import { catalogueExamples } from '../events/catalogue-examples.ts';

describe('event catalogue (docs/events)', () => {
  it('is current: regenerate it with `npm run events -- catalogue` after changing an event schema', async () => {
    for (const [name, text] of Object.entries(renderCatalogue())) {
      const checkedIn = await readFile(path.join(CATALOGUE_DIR, name), 'utf8').catch(() => '(missing)');
      expect(checkedIn, `docs/events/${name} is stale: run npm run events -- catalogue`).to.equal(text);
    }
  });

  it('names every type and version, and its examples read as current events', () => {
    const { 'catalogue.md': markdown, 'catalogue.schema.json': schema } = renderCatalogue();
    const defs = (JSON.parse(schema) as { $defs: Record<string, unknown> }).$defs;
    for (const type of Object.keys(eventSchemas) as DomainEventType[]) {
      expect(markdown).to.contain(`\n## ${type}\n`);
      for (let version = 1; version <= eventSchemaVersions[type]; version++) expect(defs, type).to.have.property(`${type}.v${version}`);
      const example = catalogueExamples[type];
      expect(
        parseEvent({ type, data: example, metadata: { schemaVersion: eventSchemaVersions[type] }, recordedAt: '2026-11-22T10:00:00.000Z' }).data,
        type,
      ).to.deep.equal(example);
    }
  });
});
