import type { z } from 'zod';
import { BadRequestError, ValidationError } from './errors.ts';
import { checkRequest, labelsOf, messages } from '@stays/contracts';

/**
 * Parses input with a contracts schema; the first problem becomes a 400 whose message names
 * the field as the web client's form labels it, with `field` its path for programs.
 * Input that is not an object at all (a JSON array, a number) is refused as a whole.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new BadRequestError(messages.validation.problem('body', messages.validation.notObject));
  }
  const checked = checkRequest(schema, input);
  if (checked.success) return checked.data;
  throw new ValidationError(checked.field, checked.reason, labelsOf(schema));
}
