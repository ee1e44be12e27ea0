/**
 * Reads the embedded outbox back (tests and benchmarks only: a person reads the files
 * themselves). Emails are parsed with mailparser, as a mail client would read them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { EMAIL_SUFFIX, SMS_SUFFIX } from '../../src/messaging/outbox-files.ts';

export interface OutboxEntry {
  /** Full path of the message file. */
  readonly file: string;
  readonly kind: 'email' | 'sms';
  readonly to: string;
  /** Emails only. */
  readonly subject?: string;
  /**
   * The text as sent, less one final line break if it had one: a single-part email must
   * end in a line break, so `'a'` and `'a\n'` are the same message on disk.
   */
  readonly text: string;
  /** Emails with an HTML part only. */
  readonly html?: string;
  readonly attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** Every email and SMS in an outbox directory, oldest first (file-name order). A missing directory is an empty outbox. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const messages = names.filter((name) => !name.startsWith('.') && (name.endsWith(EMAIL_SUFFIX) || name.endsWith(SMS_SUFFIX))).sort();
  const entries: OutboxEntry[] = [];
  for (const name of messages) {
    const file = join(dir, name);
    let raw: Buffer;
    try {
      raw = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed while we read
      throw error;
    }
    entries.push(name.endsWith(EMAIL_SUFFIX) ? await readEmail(file, raw) : readSms(file, raw));
  }
  return entries;
}

async function readEmail(file: string, raw: Buffer): Promise<OutboxEntry> {
  const email = await simpleParser(raw);
  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    [field ?? []]
      .flat()
      .map((address) => address.text)
      .join(', ');
  return {
    file,
    kind: 'email',
    to: addresses(email.to),
    subject: email.subject ?? '',
    text: withoutFinalBreak(email.text ?? ''),
    ...(email.html === false ? {} : { html: email.html }),
    attachments: email.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
  };
}

function readSms(file: string, raw: Buffer): OutboxEntry {
  const content = raw.toString('utf8');
  const match = /^To: ([^\n]*)\n\n([\s\S]*)$/.exec(content);
  if (match === null) throw new Error(`${file} is not an outbox SMS file`);
  // The writer added exactly one final line break.
  return { file, kind: 'sms', to: match[1] ?? '', text: withoutFinalBreak(match[2] ?? ''), attachments: [] };
}

function withoutFinalBreak(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}
