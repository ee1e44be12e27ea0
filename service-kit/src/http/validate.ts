import type { z } from 'zod';
import { ValidationError, BadRequestError } from './errors.ts';
import { messages } from '@stays/contracts';

/**
 * Parses input with a contracts schema; the first problem becomes a 400 naming its field.
 * Input that is not an object at all (a JSON array, a number) is refused as a whole.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new BadRequestError(messages.server.invalidField('body', 'must be an object'));
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
  throw new ValidationError(field, issue.message);
}
