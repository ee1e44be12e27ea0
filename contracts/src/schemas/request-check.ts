/**
 * Checking a request with its schema, for the server (before a handler) and the web client
 * (before sending): the first problem as a sentence naming the field as the form labels it
 * ("Hotel name must be 10 to 60 characters long."), and the field's path for programs.
 */
import { z } from 'zod';
import { validation } from '../messages.ts';

type Labels = Readonly<Record<string, string>>;

/** Labels of the request schemas whose form labels a field its own way; every other field takes `validation.labels`. */
export const formLabels = z.registry<Labels>();

export type RequestCheck<T> =
  { readonly success: true; readonly data: T } | { readonly success: false; readonly field: string; readonly reason: string; readonly message: string };

/** The labels a schema's messages use: the common ones, with its form's own over them. */
export const labelsOf = (schema: z.ZodType): Labels => {
  const own = formLabels.get(schema);
  return own === undefined ? validation.labels : { ...validation.labels, ...own };
};

/** Parses `input` with `schema`; on failure, the first issue (in the schema's field order) as a plain sentence. */
export function checkRequest<S extends z.ZodType>(schema: S, input: unknown): RequestCheck<z.output<S>> {
  const result = schema.safeParse(input, { error: plainReason });
  if (result.success) return { success: true, data: result.data };
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  return { success: false, field, reason: issue.message, message: validation.problem(field, issue.message, labelsOf(schema)) };
}

/** What a zod issue the schema gave no words for means, as a reason that follows the field's label. */
function plainReason(issue: z.core.$ZodRawIssue): string {
  const details = issue as { input?: unknown; expected?: unknown; origin?: unknown; minimum?: unknown; maximum?: unknown; values?: unknown; format?: unknown };
  switch (issue.code) {
    case 'invalid_type':
      if (details.input === undefined) return validation.required;
      if (details.expected === 'string') return validation.notText;
      if (details.expected === 'number' || details.expected === 'int') return validation.notNumber;
      if (details.expected === 'array') return validation.notList;
      if (details.expected === 'object') return validation.notObject;
      if (details.expected === 'boolean') return validation.notTrueOrFalse;
      return validation.notValid;
    case 'too_small':
      return bound(details.origin, Number(details.minimum), 'min');
    case 'too_big':
      return bound(details.origin, Number(details.maximum), 'max');
    case 'invalid_value':
      return Array.isArray(details.values) ? validation.oneOf(details.values.map(String)) : validation.notValid;
    case 'invalid_format':
      return details.format === 'email' ? validation.notEmail : validation.notValid;
    case 'unrecognized_keys':
      return validation.notExpected;
    default:
      return validation.notValid;
  }
}

function bound(origin: unknown, limit: number, side: 'min' | 'max'): string {
  if (origin === 'string') return side === 'min' ? validation.atLeastCharacters(limit) : validation.atMostCharacters(limit);
  if (origin === 'array' || origin === 'set') return side === 'min' ? validation.atLeastItems(limit) : validation.atMostItems(limit);
  return side === 'min' ? validation.atLeast(limit) : validation.atMost(limit);
}
