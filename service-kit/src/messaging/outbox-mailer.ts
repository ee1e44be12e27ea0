import nodemailer from 'nodemailer';
import { EMAIL_SUFFIX, outboxFileName, writeOutboxFile } from './outbox-files.ts';
import type { Mailer } from './port.ts';
import { assertRecipient } from './recipient.ts';
import { toNodemailerMessage } from './nodemailer-message.ts';

export interface OutboxMailerOptions {
  /** The app passes `DATA_DIR/outbox`. */
  readonly dir: string;
  /** e.g. 'Stays <no-reply@stays.local>' */
  readonly from: string;
}

/**
 * Embedded mailer: each email becomes one `.eml` file in `dir` holding the whole RFC 822
 * message as nodemailer would send it (MIME-encoded, attachments included), so a person
 * trying the product locally can open it or find the OTP in it.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      assertRecipient(message.to);
      const info = await transport.sendMail(toNodemailerMessage(options.from, message));
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer stream transport did not buffer the message');
      await writeOutboxFile(options.dir, outboxFileName(EMAIL_SUFFIX), info.message);
      return { messageId: info.messageId };
    },
  };
}
