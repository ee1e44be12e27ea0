import { expect } from 'chai';
import { limits, messages, type GuestEvent } from '@stays/contracts';
import { TooMany } from '../../src/domain-errors.ts';
import { contactAggregate } from '../../src/booking/contact.ts';
import { guestAggregate } from '../../src/booking/guest.ts';
import { issueOtp, useContact, withdrawUndeliveredOtp } from '../../src/booking/sending-otp/decide.ts';
import { otpMessageText } from '../../src/booking/sending-otp/handler.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { HOUR, MINUTE, NOW, SECOND, at, guestTryFailed, otpIssued, otpNotDelivered, tenWrong } from '../support/events.ts';

describe('sending an OTP: the contact', () => {
  const given = DeciderSpecification.for(issueOtp, contactAggregate);
  const send = (now: Date, customerId = 'g1') => ({ customerId, salt: 's', codeHash: 'right', now });

  it('issues a code that expires in 10 minutes, recording only its salted hash', () => {
    given()
      .when(send(NOW))
      .then([otpIssued(NOW)]);
  });

  it('refuses a code within 29 s of the last one to the contact, whoever asked, saying how long to wait, and allows it after', () => {
    given(otpIssued(NOW))
      .when(send(at(28 * SECOND)))
      .thenThrows(TooMany, (error) => expect([error.message, error.retryAfterSeconds]).to.deep.equal([messages.server.otpResendTooSoon(1), 1]));
    given(otpIssued(NOW))
      .when(send(at(29 * SECOND)))
      .then([otpIssued(at(29 * SECOND))]);
    given(otpIssued(NOW, 'stranger'))
      .when(send(at(20 * SECOND)))
      .thenThrows(TooMany, (error) => expect(error.retryAfterSeconds).to.equal(9));
    given(otpIssued(NOW, 'stranger'))
      .when(send(at(29 * SECOND)))
      .then([otpIssued(at(29 * SECOND))]);
  });

  it('refuses once the guest made their ten wrong tries of the day on the contact, until a day after the first', () => {
    given(...tenWrong())
      .when(send(at(2 * MINUTE)))
      .thenThrows(TooMany, (error) =>
        expect([error.message, error.retryAfterSeconds]).to.deep.equal([messages.server.otpTooManyTriesToday, 24 * 60 * 60 - 2 * 60 + 1]),
      );
    given(...tenWrong())
      .when(send(at(24 * HOUR + 2 * SECOND)))
      .then([otpIssued(at(24 * HOUR + 2 * SECOND))]);
  });

  it("sends the holder a code whatever a stranger's wrong tries on the contact", () => {
    given(...tenWrong('stranger'))
      .when(send(at(2 * MINUTE)))
      .then([otpIssued(at(2 * MINUTE))]);
  });

  it('sends one guest at most 10 codes for a contact in any 24 hours; other guests are not held back by them', () => {
    const tenCodes = Array.from({ length: limits.otpCodesPerGuestAndContactPerDay }, (_, n) => otpIssued(at(n * MINUTE), 'stranger'));
    given(...tenCodes)
      .when(send(at(HOUR), 'stranger'))
      .thenThrows(TooMany, (error) =>
        expect([error.message, error.retryAfterSeconds]).to.deep.equal([
          messages.server.otpTooManyCodesToday(limits.otpCodesPerGuestAndContactPerDay),
          23 * 60 * 60,
        ]),
      );
    given(...tenCodes)
      .when(send(at(HOUR)))
      .then([otpIssued(at(HOUR))]);
    given(...tenCodes)
      .when(send(at(24 * HOUR), 'stranger'))
      .then([otpIssued(at(24 * HOUR), 'stranger')]);
  });
});

describe('sending an OTP: a code that reached no one', () => {
  const given = DeciderSpecification.for(withdrawUndeliveredOtp, contactAggregate);
  const issue = DeciderSpecification.for(issueOtp, contactAggregate);
  const send = (now: Date, customerId = 'g1') => ({ customerId, salt: 's', codeHash: 'right', now });
  const failed = at(400);

  it("is withdrawn while it is the guest's code", () => {
    given(otpIssued(NOW))
      .when({ customerId: 'g1', issuedAt: NOW, now: failed })
      .then([otpNotDelivered(NOW, 'g1', failed)]);
  });

  it("records nothing when the guest has no such code: none, another guest's, or an earlier one", () => {
    given().when({ customerId: 'g1', issuedAt: NOW, now: failed }).then([]);
    given(otpIssued(NOW, 'stranger')).when({ customerId: 'g1', issuedAt: NOW, now: failed }).then([]);
    given(otpIssued(NOW), otpIssued(at(MINUTE)))
      .when({ customerId: 'g1', issuedAt: NOW, now: at(MINUTE) })
      .then([]);
    given(otpIssued(NOW), otpNotDelivered(NOW)).when({ customerId: 'g1', issuedAt: NOW, now: failed }).then([]);
  });

  it('holds no one to the 29 s between codes, and leaves the wait after an earlier delivered code as it was', () => {
    issue(otpIssued(NOW), otpNotDelivered(NOW))
      .when(send(at(SECOND)))
      .then([otpIssued(at(SECOND))]);
    issue(otpIssued(NOW, 'stranger'), otpNotDelivered(NOW, 'stranger'))
      .when(send(at(SECOND)))
      .then([otpIssued(at(SECOND))]);
    issue(otpIssued(NOW), otpIssued(at(30 * SECOND), 'stranger'), otpNotDelivered(NOW))
      .when(send(at(40 * SECOND)))
      .thenThrows(TooMany, (error) => expect(error.retryAfterSeconds).to.equal(19));
  });

  it("does not count against the guest's codes of the day", () => {
    const nineCodes = Array.from({ length: limits.otpCodesPerGuestAndContactPerDay - 1 }, (_, n) => otpIssued(at(n * MINUTE)));
    const undelivered = [otpIssued(at(HOUR)), otpNotDelivered(at(HOUR))];
    issue(...nineCodes, ...undelivered)
      .when(send(at(2 * HOUR)))
      .then([otpIssued(at(2 * HOUR))]);
    issue(...nineCodes, otpIssued(at(HOUR)))
      .when(send(at(2 * HOUR)))
      .thenThrows(TooMany);
  });
});

describe('sending an OTP: the guest', () => {
  const given = DeciderSpecification.for(useContact, guestAggregate);
  const used = (contactHash: string, usedAt: Date): GuestEvent => ({
    type: 'GuestContactUsed',
    data: { customerId: 'g1', contactHash, usedAt: usedAt.toISOString() },
  });
  const tenContacts = Array.from({ length: 10 }, (_, n) => used(`c${n}`, at(n * SECOND)));
  const use = (contactHash: string, now: Date) => ({ customerId: 'g1', contactHash, now });

  it('refuses an eleventh distinct contact within 24 hours, saying when it may', () => {
    given(...tenContacts)
      .when(use('c10', at(HOUR)))
      .thenThrows(TooMany, (error) => expect([error.message, error.retryAfterSeconds]).to.deep.equal([messages.server.otpTooManyContacts(10), 23 * 60 * 60]));
    given(...tenContacts)
      .when(use('c10', at(24 * HOUR + SECOND)))
      .then([used('c10', at(24 * HOUR + SECOND))]);
  });

  it('lets the guest ask again for a contact already used', () => {
    given(...tenContacts)
      .when(use('c3', at(HOUR)))
      .then([used('c3', at(HOUR))]);
  });

  it('refuses every contact to a guest who made their wrong tries of the day, until a day after the first', () => {
    const twenty = Array.from({ length: limits.otpWrongTriesPerGuestPerDay }, (_, n) => guestTryFailed(at(n * SECOND), `c${n % 2}`));
    given(...twenty)
      .when(use('c5', at(HOUR)))
      .thenThrows(TooMany, (error) =>
        expect([error.message, error.retryAfterSeconds]).to.deep.equal([messages.server.otpTooManyTriesForAccount, 23 * 60 * 60]),
      );
    given(...twenty.slice(1))
      .when(use('c5', at(HOUR)))
      .then([used('c5', at(HOUR))]);
    given(...twenty)
      .when(use('c5', at(24 * HOUR + SECOND)))
      .then([used('c5', at(24 * HOUR + SECOND))]);
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
