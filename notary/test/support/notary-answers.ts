/**
 * Every answer the query side can ask of the notary, in one comparable value: what the
 * contract and crash tests compare between a notary's two homes, or a restart and a rebuild.
 */
import type { LeafQuery, NotaryQueries } from '../../src/index.ts';

/** Two booking streams whose names share a 32-bit key hash (leaf-index.ts): each must answer only its own. */
export const SAME_HASH = ['BK-7rnw', 'BK-opba'];

const QUERIES: readonly { query: LeafQuery; page?: { skip?: number; limit?: number } }[] = [
  { query: {} },
  { query: {}, page: { skip: 50, limit: 50 } },
  { query: { bookingID: 'BK-3', notCategory: 'auditor' } },
  { query: { bookingID: SAME_HASH[0]! } },
  { query: { bookingID: SAME_HASH[1]!, notCategory: 'auditor' } },
  { query: { streamId: `booking-${SAME_HASH[1]}` } },
  { query: { streamId: 'customer-c3', beforeLeaf: 200 } },
  { query: { streamId: 'booking-none' } },
  { query: { category: 'invoice', type: 'InvoiceIssued' } },
  { query: { category: 'auditor' }, page: { skip: 3, limit: 7 } },
  { query: { type: 'ContactVerified', actor: 'c3' } },
  { query: { productActors: true } },
  { query: { productActors: true, category: 'booking' }, page: { skip: 10, limit: 20 } },
  { query: { actor: 'systematic' } },
  { query: { actor: 'nobody' } },
  { query: { category: 'nothing' } },
  { query: { afterLeaf: 100, upToLeaf: 180 } },
  { query: { category: 'customer', afterLeaf: 20, upToLeaf: 290 }, page: { limit: 25 } },
];

/** Every answer the query side can ask for, in one comparable value. */
export async function answers(queries: NotaryQueries, recordedAt: readonly string[]): Promise<unknown> {
  const size = await queries.treeSize();
  const at = (fraction: number) => recordedAt[Math.floor(fraction * (recordedAt.length - 1))]!;
  const timed: LeafQuery[] = [
    { recordedFrom: at(0.15), recordedTo: at(0.4) },
    { recordedFrom: at(0.66), category: 'booking' },
    { recordedTo: at(0.1), productActors: true },
  ];
  const all: readonly (typeof QUERIES)[number][] = [...QUERIES, ...timed.map((query) => ({ query }))];
  return {
    size,
    newest: await queries.auditLog.newestLeaf(),
    found: await Promise.all(all.map(({ query, page }) => queries.auditLog.find(query, page))),
    counts: await Promise.all(all.map(({ query }) => queries.auditLog.count(query))),
    streams: await Promise.all([
      queries.auditLog.firstStreamOf(['customer-none', 'customer-c2', 'auditor-a1']),
      queries.auditLog.firstStreamOf([`booking-${SAME_HASH[1]}`]),
      queries.auditLog.firstStreamOf(['nothing-here']),
    ]),
    key: await queries.publicKey(),
    inclusion: await Promise.all([0, 1, 63, 255, 256, size - 1].filter((leaf) => leaf < size).map((leaf) => queries.inclusionProof(leaf, size))),
    consistency: await Promise.all([1, 64, 255, 256, 257, size].filter((first) => first <= size).map((first) => queries.consistencyProof(first, size))),
  };
}
