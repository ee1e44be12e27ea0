/** Helpers for booking tests: OTPs read from the outbox, verified contacts, future dates. */
import path from 'node:path';
import { expect } from 'chai';
import { addDays, indiaToday } from '@stays/contracts';
import { readOutbox } from '@stays/service-kit/testing';
import type { ApiClient } from './http-client.ts';

/** The newest code sent by SMS to `phone` (as sent, with its dial code). */
export async function otpFromOutbox(dataDir: string, phone: string): Promise<string> {
  const messages = await readOutbox(path.join(dataDir, 'outbox'));
  const sms = messages.filter((message) => message.kind === 'sms' && message.to === phone.replace(/\s+/g, '')).at(-1);
  expect(sms, `an SMS to ${phone} in the outbox`).to.not.equal(undefined);
  return /\b(\d{6})\b/.exec(sms!.text)![1]!;
}

export interface Contact {
  readonly customerName: string;
  readonly customerEmail: string;
  /** National number, as the booking call sends it. */
  readonly customerPhoneNumber: string;
}

let phoneCounter = 0;
export const newContact = (name = 'Asha Rao'): Contact => ({
  customerName: name,
  customerEmail: `contact.${Date.now().toString(36)}${phoneCounter}@example.in`,
  customerPhoneNumber: `98${String(10_000_000 + phoneCounter++).slice(-8)}`,
});

export const international = (contact: Contact) => `+91${contact.customerPhoneNumber}`;

/** Sends an OTP, reads it from the outbox and verifies it, as the booking page does. */
export async function verifyContact(api: ApiClient, dataDir: string, token: string, contact: Contact): Promise<void> {
  const sent = await api.post('/hotel/booking/send/email/mobile', { ...contact, customerPhoneNumber: international(contact) }, { token });
  expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
  const otp = await otpFromOutbox(dataDir, international(contact));
  const verified = await api.post(
    '/hotel/booking/verify/email/mobile',
    { otp, customerEmail: contact.customerEmail, customerPhoneNumber: international(contact) },
    { token },
  );
  expect(verified.status, JSON.stringify(verified.body)).to.equal(200);
}

/** A date `days` after today in India, as YYYY-MM-DD. */
export const daysFromToday = (days: number, now = new Date()) => addDays(indiaToday(now), days);
