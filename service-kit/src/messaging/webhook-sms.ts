import { SmsDeliveryError } from './errors.ts';
import type { SmsSender } from './port.ts';
import { assertRecipient } from './recipient.ts';

export interface WebhookSmsOptions {
  /** Receives `POST {"to": "...", "text": "..."}` as JSON; any 2xx means accepted. */
  readonly url: string;
  /** e.g. an Authorization header for the provider's gateway. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Default 10 seconds. */
  readonly timeoutMs?: number;
}

/** Production SMS port: real providers plug in behind a webhook. */
export function createWebhookSms(options: WebhookSmsOptions): SmsSender {
  return {
    async send(message) {
      assertRecipient(message.to);
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: { ...options.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsDeliveryError('the SMS webhook could not be reached', undefined, { cause: error });
      }
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SmsDeliveryError(`the SMS webhook answered ${response.status}`, response.status);
    },
  };
}
