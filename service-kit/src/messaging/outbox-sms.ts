import { outboxFileName, SMS_SUFFIX, writeOutboxFile } from './outbox-files.ts';
import type { SmsSender } from './port.ts';
import { assertRecipient } from './recipient.ts';

export interface OutboxSmsOptions {
  /** The app passes `DATA_DIR/outbox`. */
  readonly dir: string;
}

/** The exact file content: `To: <number>`, a blank line, the text, a final newline. */
function formatSmsFile(to: string, text: string): string {
  return `To: ${to}\n\n${text}\n`;
}

/** Embedded SMS sender: each message becomes one `.sms.txt` file in `dir`. */
export function createOutboxSms(options: OutboxSmsOptions): SmsSender {
  return {
    async send(message) {
      assertRecipient(message.to);
      await writeOutboxFile(options.dir, outboxFileName(SMS_SUFFIX), Buffer.from(formatSmsFile(message.to, message.text), 'utf8'));
    },
  };
}
