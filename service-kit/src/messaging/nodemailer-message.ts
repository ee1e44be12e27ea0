import type { SendMailOptions } from 'nodemailer';
import type { EmailMessage } from './port.ts';

/** Our message as nodemailer options; attachments are in-memory only, nodemailer never reads files or URLs for us. */
export function toNodemailerMessage(from: string, message: EmailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
