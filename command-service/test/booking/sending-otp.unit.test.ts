import { expect } from 'chai';
import { limits, messages, type GuestEvent } from '@stays/contracts';
import { TooMany } from '../../src/domain-errors.ts';
import { contactAggregate } from '../../src/booking/contact.ts';
import { guestAggregate } from '../../src/booking/guest.ts';
import { issueOtp, useContact } from '../../src/booking/sending-otp/decide.ts';
import { otpMessageText } from '../../src/booking/sending-otp/otp-message.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { HOUR, MINUTE, NOW, SECOND, at, fiveWrong, otpIssued } from '../support/events.ts';

describe('sending an OTP: the contact', () => {
  const given = DeciderSpecification.for(issueOtp, contactAggregate);
  const send = (now: Date) => ({ customerId: 'g1', salt: 's', codeHash: 'right', now });

  it('issues a code that expires in 10 minutes, recording only its salted hash', () => {
    given().when(send(NOW)).then([otpIssued(NOW)]);
  });

  it('refuses a resend within 29 s, saying how long to wait, and allows it after', () => {
    given(otpIssued(NOW)).when(send(at(28 * SECOND))).thenThrows(TooMany, (error) =>
      expect([error.message, error.retryAfterSeconds]).to.deep.equal([messages.server.otpResendTooSoon(1), 1]));
    given(otpIssued(NOW)).when(send(at(29 * SECOND))).then([otpIssued(at(29 * SECOND))]);
  });

  it('refuses once the contact made its ten wrong tries of the day, until a day after the first', () => {
    const tenWrong = [otpIssued(NOW), ...fiveWrong(0), otpIssued(at(30 * SECOND)), ...fiveWrong(30 * SECOND)];
    given(...tenWrong).when(send(at(2 * MINUTE))).thenThrows(TooMany, (error) => expect(error.message).to.equal(messages.server.otpTooManyTriesToday));
    given(...tenWrong).when(send(at(24 * HOUR + 2 * SECOND))).then([otpIssued(at(24 * HOUR + 2 * SECOND))]);
  });
});

describe('sending an OTP: the guest', () => {
  const given = DeciderSpecification.for(useContact, guestAggregate);
  const used = (contactHash: string, usedAt: Date): GuestEvent => ({ type: 'GuestContactUsed', data: { customerId: 'g1', contactHash, usedAt: usedAt.toISOString() } });
  const tenContacts = Array.from({ length: 10 }, (_, n) => used(`c${n}`, at(n * SECOND)));
  const use = (contactHash: string, now: Date) => ({ customerId: 'g1', contactHash, now });

  it('refuses an eleventh distinct contact within 24 hours, saying when it may', () => {
    given(...tenContacts).when(use('c10', at(HOUR))).thenThrows(TooMany, (error) =>
      expect([error.message, error.retryAfterSeconds]).to.deep.equal([messages.server.otpTooManyContacts(10), 23 * 60 * 60]));
    given(...tenContacts).when(use('c10', at(24 * HOUR + SECOND))).then([used('c10', at(24 * HOUR + SECOND))]);
  });

  it('lets the guest ask again for a contact already used', () => {
    given(...tenContacts).when(use('c3', at(HOUR))).then([used('c3', at(HOUR))]);
  });
});

describe('the OTP message', () => {
  it('quotes the name as plain, capped text', () => {
    expect(otpMessageText('Asha Rao', '123456')).to.match(/^Dear Asha Rao, your Stays verification code is 123456\./);
    const hostile = otpMessageText('Win https://evil.example/x?y=1 now\u202E', '123456');
    expect(hostile).not.to.match(/https?:|evil\.example|\u202E/);
    const long = otpMessageText('A'.repeat(500), '123456');
    expect(long.indexOf(',')).to.equal('Dear '.length + limits.nameInMessages);
  });
});
