/**
 * Fills the `audit_log` collection from the log, in the shape the notary writes (one
 * document per event of `readAll`, keyed by its leaf index), for tests of the auditors'
 * reads on a system without the notary. Inserts only what is missing ($setOnInsert), so it
 * never overwrites a leaf the notary wrote.
 */
import type { System } from '../../src/compose.ts';

export async function seedAuditLog(system: System): Promise<void> {
  const records = await system.eventStore.readAll();
  const auditLog = system.readStore.collection('audit_log');
  for (const [leafIndex, record] of records.entries()) {
    const metadata = record.metadata;
    const document = {
      leafHash: '', record, position: record.position, streamId: record.streamId,
      category: record.streamId.split('-')[0], type: record.type, actor: metadata.actor ?? 'system',
      bookingID: metadata.correlationId ?? record.data.bookingID ?? null, recordedAt: record.recordedAt,
    };
    await auditLog.updateOne({ _id: leafIndex as unknown as string }, { $setOnInsert: document }, { upsert: true });
  }
}
