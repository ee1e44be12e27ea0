/**
 * Read model tests as "events in, documents out": the given events are projected and
 * applied the way the runner applies a batch (parsed at the version the product writes now,
 * guarded by position, written in order) to the model's version, in a fresh embedded read store; the answer is every
 * document of each of the model's collections (by logical name), without the position stamp.
 */
import { eventSchemaVersions, type DomainEvent } from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import { createEmbeddedReadStore, type Document, type ReadStore } from '@stays/read-store';
import { applyInOrder, guardedWrites } from '../../src/apply.ts';
import { POSITION_FIELD, physicalCollection, versionProjection, type ReadModelDefinition } from '../../src/index.ts';

/** When the test log recorded its n-th event (1-based): one second apart. */
export const recordedAt = (n: number): string => new Date(Date.UTC(2026, 10, 22, 10, 0, n)).toISOString();

/** A fresh embedded read store holding the model's version after the given events, projected as the runner would. */
export async function projectInto(model: ReadModelDefinition, events: readonly DomainEvent[]): Promise<ReadStore> {
  const projection = versionProjection(model, model.version);
  const readStore = createEmbeddedReadStore();
  for (const index of projection.indexes ?? []) await readStore.collection(index.collection).createIndex(index.keys, { unique: index.unique ?? false });
  let position = 0;
  for (const event of events) {
    position++;
    const recorded: RecordedEvent = {
      id: `event-${position}`,
      streamId: 'test-1',
      type: event.type,
      revision: position - 1,
      position,
      data: event.data as Record<string, unknown>,
      metadata: { schemaVersion: eventSchemaVersions[event.type] },
      recordedAt: recordedAt(position),
    };
    await applyInOrder(readStore, guardedWrites(projection, position, projection.project(recorded)), (line) => {
      throw new Error(line);
    });
  }
  return readStore;
}

export async function projectEvents(model: ReadModelDefinition, events: readonly DomainEvent[]): Promise<Record<string, Document[]>> {
  const readStore = await projectInto(model, events);
  const documents: Record<string, Document[]> = {};
  for (const collection of Object.keys(model.collections)) {
    const stored = await readStore.collection(physicalCollection(model.name, model.version, collection)).find({}, { sort: { _id: 1 } });
    documents[collection] = stored.map(({ [POSITION_FIELD]: _stamp, ...document }) => document as Document);
  }
  await readStore.close();
  return documents;
}
