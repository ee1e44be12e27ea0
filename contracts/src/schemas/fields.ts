/**
 * Field schemas shared by request schemas. Requests from the existing web client send
 * multipart fields as strings and leave empty inputs as '' — normalise, then validate.
 */
import { z } from 'zod';
import { limits } from '../rules.ts';

/** '' and whitespace-only become undefined, so optional fields left empty are "not sent". */
export const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * Characters no text field may hold: C0 and C1 controls (NUL, CR, LF, ESC, …), DEL, and
 * the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make a
 * stored name read differently from what it is; line and paragraph separators too.
 * Multi-line texts keep LF and nothing else of these.
 */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

const CONTROL_CHARACTERS_REFUSED = 'must not contain control characters or line breaks';
const CONTROL_CHARACTERS_REFUSED_MULTI_LINE = 'must not contain control characters';

/** True when `text` holds a character no single-line (or, with `multiLine`, multi-line) field may hold. */
const hasControlCharacters = (text: string, multiLine = false): boolean =>
  (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);

/** The one refinement every text field of the contracts goes through. */
const withoutControlCharacters = <T extends z.ZodString>(schema: T, multiLine = false) =>
  schema.refine((text) => !hasControlCharacters(text, multiLine), multiLine ? CONTROL_CHARACTERS_REFUSED_MULTI_LINE : CONTROL_CHARACTERS_REFUSED);

/** Browsers send a textarea's line breaks as CRLF; a multi-line text keeps them as LF. */
const toLineFeeds = (value: unknown): unknown => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);

const textSchema = (max: number, min: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(min, min === 1 ? 'is required' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`);

/** A required single-line text, trimmed, without control characters. */
export const requiredText = (max: number, min = 1) => withoutControlCharacters(textSchema(max, min));

/** A required multi-line text (descriptions): CRLF becomes LF; no other control character. */
export const multiLineText = (max: number, min = 1) => z.preprocess(toLineFeeds, withoutControlCharacters(textSchema(max, min), true));

/** An optional single-line text that may be left empty (''), without control characters. */
export const plainText = (max: number) => withoutControlCharacters(z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`));

export const email = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(limits.email.max, `must be at most ${limits.email.max} characters`)
  .pipe(z.email('must be a valid email address'));

export const password = withoutControlCharacters(z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .min(1, 'is required')
  .min(limits.password.min, `must be at least ${limits.password.min} characters`)
  .max(limits.password.max, `must be at most ${limits.password.max} characters`));

export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Numeric text ('4500', ' 12.5 ') becomes a number; anything else is left for the schema to refuse. */
const numericText = (value: unknown): unknown =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

const numberIssue = (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be a number');

/** A number sent as a number or as numeric text. */
export const numberFrom = (min: number, max: number, integer = false) => {
  const base = z.number({ error: numberIssue }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
  return z.preprocess(numericText, integer ? base.int('must be a whole number') : base);
};

/** Booleans arrive as true/false, 'true'/'false', 'on', or are left out when false. */
export const flag = z.preprocess(
  (value) => (value === 'true' || value === 'on' ? true : value === 'false' || value === '' ? false : value),
  z.boolean({ error: 'must be true or false' }).optional(),
);

/** One text of items separated by `separator` (or an array of texts) becomes a list of trimmed items. */
export const textList = (separator: RegExp, itemMax: number, maxItems: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(separator).map((item) => item.trim()).filter(Boolean) : value),
    z.array(requiredText(itemMax), { error: 'must be a list of texts' }).max(maxItems, `must have at most ${maxItems} items`),
  );

/** JSON text (as multipart sends it) or an already-parsed value. Unparseable text is refused by the schema. */
export const jsonText = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return [];
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** A case-insensitive choice among `options`, returned in its canonical spelling. */
export const choice = <const T extends readonly [string, ...string[]]>(options: T, aliases: Record<string, T[number]> = {}) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const lower = value.trim().toLowerCase();
    return options.find((option) => option.toLowerCase() === lower) ?? aliases[lower] ?? value;
  }, z.enum(options, { error: `must be one of ${options.join(', ')}` }));
