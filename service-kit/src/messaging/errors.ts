/** A recipient that cannot be addressed (empty, or with a line break that would forge a header). */
export class InvalidRecipientError extends Error {
  override readonly name = 'InvalidRecipientError';
  constructor(readonly recipient: string) {
    super(`invalid recipient: ${JSON.stringify(recipient).slice(0, 80)}`);
  }
}

/** The SMS provider did not accept the message (non-2xx status, or no answer). */
export class SmsDeliveryError extends Error {
  override readonly name = 'SmsDeliveryError';
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
