export type { EmailAttachment, EmailMessage, Mailer, SmsMessage, SmsSender } from './port.ts';
export { InvalidRecipientError, SmsDeliveryError } from './errors.ts';
export { createOutboxMailer, type OutboxMailerOptions } from './outbox-mailer.ts';
export { createOutboxSms, type OutboxSmsOptions } from './outbox-sms.ts';
export { removeOutboxTempFiles } from './outbox-files.ts';
export { createSmtpMailer, type SmtpMailerOptions } from './smtp-mailer.ts';
export { createWebhookSms, type WebhookSmsOptions } from './webhook-sms.ts';
