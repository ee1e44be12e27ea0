import { expect } from 'chai';
import { messages, type ContactEvent } from '@stays/contracts';
import { InvalidInput, TooMany } from '../../src/domain-errors.ts';
import { contactAggregate } from '../../src/booking/contact.ts';
import { verifyOtp, verifyReading } from '../../src/booking/verifying-contact/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { MINUTE, NOW, SECOND, at, fiveWrong, otpFailed, otpIssued } from '../support/events.ts';

const verified = (now: Date): ContactEvent => ({ type: 'ContactVerified', data: { customerId: 'g1', verifiedUntil: new Date(now.getTime() + 30 * MINUTE).toISOString() } });

describe('verifying a contact', () => {
  const given = DeciderSpecification.for(verifyOtp, contactAggregate);
  const typed = (hash: string, now: Date, customerId = 'g1') => ({ customerId, hashOf: () => hash, now });

  it('verifies the contact for this guest for 30 minutes with the right code, while tries remain', () => {
    given(otpIssued(NOW), otpFailed(at(SECOND))).when(typed('right', at(2 * SECOND))).then([verified(at(2 * SECOND))]);
  });

  it('records a wrong code as a failed try', () => {
    given(otpIssued(NOW)).when(typed('wrong', at(SECOND))).then([otpFailed(at(SECOND))]);
  });

  it("refuses without a code, with another guest's code, or after it expired", () => {
    const invalid = (error: InvalidInput) => expect([error.message, error.field]).to.deep.equal([messages.server.otpInvalid, undefined]);
    given().when(typed('right', NOW)).thenThrows(InvalidInput, invalid);
    given(otpIssued(NOW)).when(typed('right', at(SECOND), 'g2')).thenThrows(InvalidInput, invalid);
    given(otpIssued(NOW)).when(typed('right', at(10 * MINUTE + 1))).thenThrows(InvalidInput, invalid);
    given(otpIssued(NOW), verified(at(SECOND))).when(typed('right', at(2 * SECOND))).thenThrows(InvalidInput, invalid);
  });

  it('kills a code after its fifth wrong try', () => {
    given(otpIssued(NOW), ...fiveWrong(0)).when(typed('right', at(10 * SECOND))).thenThrows(TooMany, (error) => expect(error.message).to.equal(messages.server.otpExhausted));
  });

  it('keeps counting wrong tries across resends: the tenth in 24 hours stops tries on the contact', () => {
    const nineWrong = [otpIssued(NOW), ...fiveWrong(0), otpIssued(at(30 * SECOND)), ...fiveWrong(30 * SECOND).slice(0, 4)];
    given(...nineWrong).when(typed('wrong', at(60 * SECOND))).then([otpFailed(at(60 * SECOND))]);
    const tenWrong = [otpIssued(NOW), ...fiveWrong(0), otpIssued(at(30 * SECOND)), ...fiveWrong(30 * SECOND)];
    given(...tenWrong).when(typed('right', at(2 * MINUTE))).thenThrows(TooMany, (error) =>
      expect(error.message).to.equal(messages.server.otpTooManyTriesToday));
  });

  it("verifies another reading of the number for the guest as well", () => {
    expect(verifyReading({ customerId: 'g1', now: NOW })).to.deep.equal([verified(NOW)]);
  });
});
