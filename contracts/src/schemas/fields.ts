/**
 * Field schemas shared by request schemas. Requests from the existing web client send
 * multipart fields as strings and leave empty inputs as '' — normalise, then validate.
 */
import { z } from 'zod';
import { limits } from '../rules.ts';

/** '' and whitespace-only become undefined, so optional fields left empty are "not sent". */
export const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const requiredText = (max: number, min = 1) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(min, min === 1 ? 'is required' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`);

export const email = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(limits.email.max, `must be at most ${limits.email.max} characters`)
  .pipe(z.email('must be a valid email address'));

export const password = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .min(1, 'is required')
  .min(limits.password.min, `must be at least ${limits.password.min} characters`)
  .max(limits.password.max, `must be at most ${limits.password.max} characters`);

export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
