/**
 * The read models for auditors (the dashboard's read models panel): their versions as the
 * read store records them (registry and checkpoints), so any query service answers the same
 * while the projections' process builds, switches and drops versions; and a page of one
 * version's documents, filtered and sorted, as stored (document-query.ts in projections).
 *
 * Read models hold what they hold, names and contacts included, so each documents read is
 * recorded in the auditor's trail before it is answered. The trail keeps the model, version,
 * collection, page and the filter's fields and operators, with every value in it replaced
 * by "?": a filter may name a guest's email, which the trail must not copy.
 */
import { messages, readModelDocumentsMessages, READ_MODEL_DOCUMENTS_PAGE_SIZE, routes, type AuditReadModelDocuments } from '@stays/contracts';
import { DocumentQueryError, readModelDocuments, recordedReadModels } from '@stays/projections';
import { AppError, BadRequestError, auditorAuthOf, respond } from '@stays/service-kit';
import type { QueryContext } from '../query-context.ts';

function parsed(what: 'filter' | 'sort', text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BadRequestError(readModelDocumentsMessages.filterNotJson(what, (error as Error).message));
  }
}

/** The filter's shape: its fields and operators, each value replaced by "?". */
export function maskedFilter(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(maskedFilter);
  if (typeof filter === 'object' && filter !== null) return Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, maskedFilter(value)]));
  return '?';
}

export function mountReadModelRoutes({ deps, mount }: QueryContext): void {
  mount(routes.auditReadModels, async (ctx) => {
    respond(ctx, 200, messages.server.readModelsFound, await recordedReadModels(deps.readStore, await deps.logHead()));
  });

  mount(routes.auditReadModelDocuments, async (ctx) => {
    const { name } = ctx.input.params;
    const { version, collection, page } = ctx.input.query;
    const filter = parsed('filter', ctx.input.query.filter);
    const sort = parsed('sort', ctx.input.query.sort);
    await deps.auditTrail.recordRead({
      auditorId: auditorAuthOf(ctx).accountId,
      what: 'read-model-documents',
      filters: {
        model: name,
        page,
        ...(version !== undefined && { version }),
        ...(collection !== undefined && { collection }),
        ...(filter !== undefined && { filter: JSON.stringify(maskedFilter(filter)) }),
        ...(sort !== undefined && { sort: JSON.stringify(sort) }),
      },
    });
    let answer;
    try {
      answer = await readModelDocuments(deps.readStore, name, {
        ...(version !== undefined && { version }),
        ...(collection !== undefined && { collection }),
        filter,
        sort,
        skip: (page - 1) * READ_MODEL_DOCUMENTS_PAGE_SIZE,
        limit: READ_MODEL_DOCUMENTS_PAGE_SIZE,
        count: true,
        firstCollectionByDefault: true,
      });
    } catch (error) {
      throw error instanceof DocumentQueryError ? new AppError(error.status, error.message) : error;
    }
    const { documents, total, ...of } = answer;
    const body: AuditReadModelDocuments = { ...of, items: documents, page, pageSize: READ_MODEL_DOCUMENTS_PAGE_SIZE, total: total ?? 0 };
    ctx.set('Cache-Control', 'private, no-store');
    respond(ctx, 200, readModelDocumentsMessages.found, body);
  });
}
