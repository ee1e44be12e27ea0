/**
 * Field schemas shared by request schemas. Requests from the existing web client send
 * multipart fields as strings and leave empty inputs as '' — normalise, then validate.
 */
import { z } from 'zod';
import { limits } from '../rules.ts';
import { validation } from '../messages.ts';

/** '' and whitespace-only become undefined, so optional fields left empty are "not sent". */
export const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * Characters no text field may hold: C0 and C1 controls (NUL, CR, LF, ESC, …), DEL, and
 * the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make a
 * stored name read differently from what it is; line and paragraph separators too.
 * Multi-line texts keep LF and nothing else of these.
 */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** True when `text` holds a character no single-line (or, with `multiLine`, multi-line) field may hold. */
const hasControlCharacters = (text: string, multiLine = false): boolean => (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);

/**
 * Characters that show as nothing, so a name can look like another (`Taj\u200B Palace`,
 * a name of Hangul fillers): zero-width space, word joiner and the invisible operators,
 * the byte order mark, soft hyphen, combining grapheme joiner, Mongolian vowel separator,
 * the Arabic letter mark and the left-to-right and right-to-left marks, Hangul fillers,
 * the Braille blank, interlinear annotation controls and tag characters.
 */
const INVISIBLE =
  /\u034F|\u17B4|\u17B5|[\u00AD\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u2060-\u2064\u2800\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|\u{E0000}|[\u{E0001}-\u{E007F}]/u;
/**
 * The zero-width joiner and non-joiner shape Indic and Arabic script (क्‍ष, می‌خواهم), so
 * they are kept right after a letter or sign of those scripts and refused anywhere else.
 */
const JOINING_SCRIPTS = ['Arabic', 'Bengali', 'Devanagari', 'Gujarati', 'Gurmukhi', 'Kannada', 'Malayalam', 'Oriya', 'Sinhala', 'Tamil', 'Telugu'];
const STRAY_JOINER = new RegExp(`(?<![${JOINING_SCRIPTS.map((script) => `\\p{Script=${script}}`).join('')}])[\\u200C\\u200D]`, 'u');

/** True when `text` holds a character that shows as nothing where it stands. */
const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text) || STRAY_JOINER.test(text);

const withoutControlCharacters = <T extends z.ZodString>(schema: T, multiLine = false) =>
  schema.refine((text) => !hasControlCharacters(text, multiLine), multiLine ? validation.controlCharactersMultiLine : validation.controlCharacters);

/** The refinements every text a person reads goes through: no control characters, nothing invisible. */
const readable = <T extends z.ZodString>(schema: T, multiLine = false) =>
  withoutControlCharacters(schema, multiLine).refine((text) => !hasInvisibleCharacters(text), validation.invisibleCharacters);

/** Browsers send a textarea's line breaks as CRLF; a multi-line text keeps them as LF. */
const toLineFeeds = (value: unknown): unknown => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);

/** Missing, or not text. */
export const textIssue = (issue: { input: unknown }) => (issue.input === undefined ? validation.required : validation.notText);

/** With both bounds, one reason for either ("must be 10 to 60 characters long"); an empty required text is missing. */
const textSchema = (max: number, min: number) => {
  const text = z.string({ error: textIssue }).trim().min(1, validation.required);
  return min <= 1
    ? text.max(max, validation.atMostCharacters(max))
    : text.min(min, validation.charactersBetween(min, max)).max(max, validation.charactersBetween(min, max));
};

/** A required single-line text, trimmed, without control or invisible characters. */
export const requiredText = (max: number, min = 1) => readable(textSchema(max, min));

/** A required multi-line text (descriptions): CRLF becomes LF; no other control character. */
export const multiLineText = (max: number, min = 1) => z.preprocess(toLineFeeds, readable(textSchema(max, min), true));

/** An optional single-line text that may be left empty (''), without control or invisible characters. */
export const plainText = (max: number) => readable(z.string({ error: validation.notText }).trim().max(max, validation.atMostCharacters(max)));

export const email = z
  .string({ error: textIssue })
  .trim()
  .min(1, validation.required)
  .max(limits.email.max, validation.atMostCharacters(limits.email.max))
  .pipe(z.email(validation.notEmail));

/** A new password: any characters a person can type (invisible ones too: nobody reads it), never trimmed. */
export const password = withoutControlCharacters(
  z
    .string({ error: textIssue })
    .min(1, validation.required)
    .min(limits.password.min, validation.atLeastCharacters(limits.password.min))
    .max(limits.password.max, validation.atMostCharacters(limits.password.max)),
);

/**
 * A password typed to prove who one is (a sign-in, the current password of a change):
 * taken exactly as typed, without length rules, since a wrong password is just wrong.
 */
export const typedPassword = z
  .string({ error: textIssue })
  .min(1, validation.required)
  .max(limits.password.max, validation.atMostCharacters(limits.password.max));

export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Numeric text ('4500', ' 12.5 ') becomes a number; anything else is left for the schema to refuse. */
const numericText = (value: unknown): unknown => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);

/** A number sent as a number or as numeric text; any problem with it gets one reason naming both bounds. */
export const numberFrom = (min: number, max: number, integer = false) => {
  const reason = validation.numberBetween(min, max, integer);
  const base = z
    .number({ error: (issue) => (issue.input === undefined ? validation.required : reason) })
    .min(min, reason)
    .max(max, reason);
  return z.preprocess(numericText, integer ? base.int(reason) : base);
};

/** Booleans arrive as true/false, 'true'/'false', 'on', or are left out when false. */
export const flag = z.preprocess(
  (value) => (value === 'true' || value === 'on' ? true : value === 'false' || value === '' ? false : value),
  z.boolean({ error: validation.notTrueOrFalse }).optional(),
);

/** One text of items separated by `separator` (or an array of texts) becomes a list of trimmed items. */
export const textList = (separator: RegExp, itemMax: number, maxItems: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(separator)
            .map((item) => item.trim())
            .filter(Boolean)
        : value,
    z.array(requiredText(itemMax), { error: validation.notList }).max(maxItems, validation.atMostItems(maxItems)),
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
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const lower = value.trim().toLowerCase();
      return options.find((option) => option.toLowerCase() === lower) ?? aliases[lower] ?? value;
    },
    z.enum(options, { error: validation.oneOf(options) }),
  );
