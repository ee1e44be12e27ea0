/**
 * Verifying a contact: checks the typed code against the contact of the phone's primary
 * reading, then verifies the number's other readings for the guest too.
 */
import { messages, type VerifyOtpRequest } from '@stays/contracts';
import type { BookingDeps } from '../../command-context.ts';
import { InvalidInput } from '../../domain-errors.ts';
import { handle, type Positioned } from '../../handle.ts';
import { contactAggregate } from '../contact.ts';
import { hashOtpCode, nationalNumbersOf } from '../otp-codes.ts';
import { verifyOtp, verifyReading } from './decide.ts';

export async function handleVerifyOtp(deps: BookingDeps, customerId: string, input: VerifyOtpRequest): Promise<Positioned<null>> {
  const now = deps.now();
  const metadata = { actor: customerId };
  const [primary, ...otherReadings] = nationalNumbersOf(input.customerPhoneNumber);
  const { newEvents, position } = await handle(deps.store, deps.streamNames.contact(input.customerEmail, primary!), contactAggregate,
    (state) => verifyOtp({ customerId, hashOf: (salt) => hashOtpCode(deps.otpKey, salt, input.otp), now }, state), metadata);
  // a wrong code is recorded (it counts against the tries) and then refused
  if (newEvents.some((event) => event.type === 'OtpAttemptFailed')) throw new InvalidInput(undefined, messages.server.otpInvalid);
  let last = position;
  for (const national of otherReadings) {
    last = (await handle(deps.store, deps.streamNames.contact(input.customerEmail, national), contactAggregate,
      () => verifyReading({ customerId, now }), metadata)).position ?? last;
  }
  return { value: null, position: last };
}
