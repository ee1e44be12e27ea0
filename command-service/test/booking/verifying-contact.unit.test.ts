import { expect } from 'chai';
import { limits, messages, type ContactEvent } from '@stays/contracts';
import { InvalidInput, TooMany } from '../../src/domain-errors.ts';
import { contactAggregate } from '../../src/booking/contact.ts';
import { guestAggregate } from '../../src/booking/guest.ts';
import { recordWrongTry, verifyOtp, verifyReading } from '../../src/booking/verifying-contact/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { HOUR, MINUTE, NOW, SECOND, at, fiveWrong, guestTryFailed, otpFailed, otpIssued, otpNotDelivered, tenWrong } from '../support/events.ts';

const verified = (now: Date, customerId = 'g1'): ContactEvent => ({
  type: 'ContactVerified',
  data: { customerId, verifiedUntil: new Date(now.getTime() + 30 * MINUTE).toISOString() },
});

describe('verifying a contact', () => {
  const given = DeciderSpecification.forStreams(verifyOtp, { contact: contactAggregate, guest: guestAggregate });
  const typed = (hash: string, now: Date, customerId = 'g1') => ({ customerId, hashOf: () => hash, now });

  it('verifies the contact for this guest for 30 minutes with the right code, while tries remain', () => {
    given({ contact: [otpIssued(NOW), otpFailed(at(SECOND))] })
      .when(typed('right', at(2 * SECOND)))
      .then([verified(at(2 * SECOND))]);
  });

  it('records a wrong code as a failed try', () => {
    given({ contact: [otpIssued(NOW)] })
      .when(typed('wrong', at(SECOND)))
      .then([otpFailed(at(SECOND))]);
  });

  it("refuses without a code, with another guest's code, or after it expired, was used or was withdrawn", () => {
    const invalid = (error: InvalidInput) => expect([error.message, error.field]).to.deep.equal([messages.server.otpInvalid, undefined]);
    given().when(typed('right', NOW)).thenThrows(InvalidInput, invalid);
    given({ contact: [otpIssued(NOW)] })
      .when(typed('right', at(SECOND), 'g2'))
      .thenThrows(InvalidInput, invalid);
    given({ contact: [otpIssued(NOW)] })
      .when(typed('right', at(10 * MINUTE + 1)))
      .thenThrows(InvalidInput, invalid);
    given({ contact: [otpIssued(NOW), verified(at(SECOND))] })
      .when(typed('right', at(2 * SECOND)))
      .thenThrows(InvalidInput, invalid);
    given({ contact: [otpIssued(NOW), otpNotDelivered(NOW)] })
      .when(typed('right', at(SECOND)))
      .thenThrows(InvalidInput, invalid);
  });

  it('kills a code after its fifth wrong try', () => {
    given({ contact: [otpIssued(NOW), ...fiveWrong(0)] })
      .when(typed('right', at(10 * SECOND)))
      .thenThrows(TooMany, (error) => expect(error.message).to.equal(messages.server.otpExhausted));
  });

  it("keeps counting the guest's wrong tries across resends: the tenth in 24 hours stops this guest on the contact, even with the right code", () => {
    const nineWrong = tenWrong().slice(0, -1);
    given({ contact: nineWrong })
      .when(typed('wrong', at(MINUTE)))
      .then([otpFailed(at(MINUTE))]);
    given({ contact: [...tenWrong(), otpIssued(at(MINUTE))] })
      .when(typed('right', at(2 * MINUTE)))
      .thenThrows(TooMany, (error) =>
        expect([error.message, error.retryAfterSeconds]).to.deep.equal([messages.server.otpTooManyTriesToday, 24 * 60 * 60 - 2 * 60 + 1]),
      );
  });

  it("never lets another guest's wrong tries on the contact refuse this guest", () => {
    const strangersTries = tenWrong('stranger');
    given({ contact: [...strangersTries, otpIssued(at(MINUTE))] })
      .when(typed('right', at(2 * MINUTE)))
      .then([verified(at(2 * MINUTE))]);
    given({ contact: [otpIssued(NOW), ...strangersTries] })
      .when(typed('right', at(2 * MINUTE)))
      .then([verified(at(2 * MINUTE))]);
  });

  it("keeps each guest's code: a stranger's code neither replaces nor verifies the holder's", () => {
    const both = [otpIssued(NOW), otpIssued(at(30 * SECOND), 'stranger')];
    given({ contact: both })
      .when(typed('right', at(MINUTE)))
      .then([verified(at(MINUTE))]);
    given({ contact: [...both, verified(at(MINUTE))] })
      .when(typed('right', at(2 * MINUTE), 'stranger'))
      .then([verified(at(2 * MINUTE), 'stranger')]);
  });

  it('forgives the guest their slips on a contact once they verify it', () => {
    const nineWrongThenVerified = [...tenWrong().slice(0, -1), verified(at(MINUTE))];
    given({ contact: [...nineWrongThenVerified, otpIssued(at(2 * MINUTE)), otpFailed(at(3 * MINUTE)), otpFailed(at(4 * MINUTE))] })
      .when(typed('right', at(5 * MINUTE)))
      .then([verified(at(5 * MINUTE))]);
  });

  it('stops a guest who made their wrong tries of the day over all contacts, on every contact, even with the right code', () => {
    const triesElsewhere = Array.from({ length: limits.otpWrongTriesPerGuestPerDay }, (_, n) => guestTryFailed(at(n * SECOND), `c${n % 2}`));
    given({ contact: [otpIssued(at(HOUR))], guest: triesElsewhere })
      .when(typed('right', at(HOUR + SECOND)))
      .thenThrows(TooMany, (error) =>
        expect([error.message, error.retryAfterSeconds]).to.deep.equal([messages.server.otpTooManyTriesForAccount, 23 * 60 * 60 - 1]),
      );
    given({ contact: [otpIssued(at(24 * HOUR))], guest: triesElsewhere })
      .when(typed('right', at(24 * HOUR + SECOND)))
      .then([verified(at(24 * HOUR + SECOND))]);
    given({ contact: [otpIssued(at(HOUR))], guest: triesElsewhere.slice(1) })
      .when(typed('wrong', at(HOUR + SECOND)))
      .then([otpFailed(at(HOUR + SECOND))]);
  });

  it('verifies another reading of the number for the guest as well', () => {
    expect(verifyReading({ customerId: 'g1', now: NOW })).to.deep.equal([verified(NOW)]);
  });
});

describe('verifying a contact: the guest', () => {
  const given = DeciderSpecification.for(recordWrongTry, guestAggregate);

  it('counts every wrong code against the guest, whatever the count so far', () => {
    const twenty = Array.from({ length: limits.otpWrongTriesPerGuestPerDay }, (_, n) => guestTryFailed(at(n * SECOND)));
    given(...twenty)
      .when({ customerId: 'g1', contactHash: 'c2', now: at(MINUTE) })
      .then([guestTryFailed(at(MINUTE), 'c2')]);
  });
});
