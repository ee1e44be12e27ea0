/**
 * GET audit/read-models/:name/documents: a page of one version's documents, as stored, for
 * the auditors' read models panel. `filter` and `sort` are MongoDB documents as JSON text,
 * checked by the read side (only reading operators; see docs/read-models.md); `version`
 * defaults to the one queries read, `collection` to the model's only one.
 */
import { z } from 'zod';
import { numberFrom, optional } from './fields.ts';
import type { ReadModelVersionState } from './audit.ts';

export const READ_MODEL_DOCUMENTS_PAGE_SIZE = 20;
/** A filter or sort as JSON text is at most this long. */
export const MAX_DOCUMENTS_QUERY_TEXT = 2000;

const jsonText = optional(z.string().max(MAX_DOCUMENTS_QUERY_TEXT, `at most ${MAX_DOCUMENTS_QUERY_TEXT} characters of JSON`));

export const auditReadModelDocumentsQuery = z.object({
  version: optional(numberFrom(1, Number.MAX_SAFE_INTEGER, true)),
  collection: optional(z.string().max(64)),
  filter: jsonText,
  sort: jsonText,
  page: optional(numberFrom(1, 1_000_000, true)).default(1),
});
export type AuditReadModelDocumentsQuery = z.infer<typeof auditReadModelDocumentsQuery>;

export interface AuditReadModelDocuments {
  readonly model: string;
  readonly version: number;
  readonly state: ReadModelVersionState;
  readonly collection: string;
  /** Every collection of the version, by its logical name. */
  readonly collections: readonly string[];
  readonly items: readonly Record<string, unknown>[];
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
}
