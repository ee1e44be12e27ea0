import nodemailer from 'nodemailer';
import type { Mailer } from './port.ts';
import { assertRecipient } from './recipient.ts';
import { toNodemailerMessage } from './nodemailer-message.ts';

export interface SmtpMailerOptions {
  /** e.g. 'smtps://user:pass@smtp.example.com:465' or 'smtp://mail:1025' (nodemailer's connection URL). */
  readonly url: string;
  readonly from: string;
}

/** Production mailer: SMTP through nodemailer. Rejections from the server become thrown errors. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      assertRecipient(message.to);
      const info = await transport.sendMail(toNodemailerMessage(options.from, message));
      return { messageId: info.messageId };
    },
  };
}
