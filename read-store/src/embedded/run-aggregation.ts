/** Runs an aggregation pipeline over stored documents with mingo's Aggregator. */
import { Aggregator } from 'mingo';
import { copyValue } from './copy-value.ts';

/**
 * Stages mingo runs without writing into its input documents; any other stage (mingo's
 * `$addFields`, `$unwind`, `$project` ... may edit nested input objects) gets copies.
 */
const READ_ONLY_STAGES = new Set(['$match', '$sort', '$skip', '$limit', '$count', '$group', '$sortByCount']);

export function runAggregation(
  documents: readonly object[],
  pipeline: readonly Record<string, unknown>[],
  resolveCollection: (name: string) => object[],
): Record<string, unknown>[] {
  const input = isReadOnly(pipeline) ? documents.slice() : documents.map(copyValue);
  const aggregator = new Aggregator(withMongoCount(pipeline), {
    collectionResolver: (name: string) => resolveCollection(name) as Record<string, unknown>[],
  });
  return aggregator.run(input as Record<string, unknown>[]).map(copyValue);
}

/**
 * MongoDB's `$count` outputs no document for no input; mingo's outputs `{count: 0}`.
 * `$count` is rewritten into the `$group` MongoDB documents as its equivalent.
 */
function withMongoCount(pipeline: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return pipeline.flatMap((stage) => {
    if (typeof stage.$count === 'string') {
      return [{ $group: { _id: null, [stage.$count]: { $sum: 1 } } }, { $project: { _id: 0 } }];
    }
    if (stage.$facet && typeof stage.$facet === 'object') {
      const facets = Object.entries(stage.$facet as Record<string, Record<string, unknown>[]>);
      return [{ $facet: Object.fromEntries(facets.map(([name, facet]) => [name, withMongoCount(facet)])) }];
    }
    return [stage];
  });
}

function isReadOnly(pipeline: readonly Record<string, unknown>[]): boolean {
  return pipeline.every((stage) => {
    const [name, spec] = Object.entries(stage)[0] ?? [];
    if (name === '$facet') {
      return Object.values(spec as Record<string, Record<string, unknown>[]>).every(isReadOnly);
    }
    return name !== undefined && READ_ONLY_STAGES.has(name);
  });
}
