/** The demo guest books through the API as the web client does: contact OTP sent and verified, then the booking. */
import path from 'node:path';
import { expect } from 'chai';
import { DEMO_PASSWORD, demoGuest } from '../../../../standalone/src/demo/index.ts';
import { otpFromOutbox } from './browser.ts';
import { callApi, type E2eSystem } from './system.ts';

export interface DemoBooking {
  readonly hotelID: string;
  readonly roomType: 'Room' | 'Flat';
  readonly roomStandard: string;
  /** Ten digits; the contact check is sent to +91 and this number. */
  readonly phone: string;
  readonly numberOfRooms: number;
  readonly numberOfNights: number;
  readonly dateOfCommencement: string;
}

/** The new booking's ID. */
export async function demoGuestBooks(system: E2eSystem, booking: DemoBooking): Promise<string> {
  const api = <T>(method: string, route: string, body?: unknown, token?: string) => callApi<T>(system, method, route, body, token);
  const signIn = await api<{ accessToken: string; user: { _id: string } }>('POST', '/user/login', { email: demoGuest.email, password: DEMO_PASSWORD });
  const token = signIn.json.data.accessToken;
  const contact = { customerEmail: demoGuest.email, customerPhoneNumber: `+91${booking.phone}` };
  expect((await api('POST', '/hotel/booking/send/email/mobile', { customerName: demoGuest.name, ...contact }, token)).json.success).to.equal(true);
  const otp = await otpFromOutbox(path.join(system.dataDir, 'outbox'), contact.customerPhoneNumber);
  expect((await api('POST', '/hotel/booking/verify/email/mobile', { otp, ...contact }, token)).json.success).to.equal(true);
  const booked = await api<{ bookingID: string }>(
    'POST',
    '/hotel/booking/book/hotel',
    {
      hotelID: booking.hotelID,
      roomType: booking.roomType,
      roomStandard: booking.roomStandard,
      customerName: demoGuest.name,
      customerEmail: demoGuest.email,
      customerPhoneNumber: booking.phone,
      customerID: signIn.json.data.user._id,
      numberOfRooms: booking.numberOfRooms,
      numberOfGuests: 1,
      numberOfNights: booking.numberOfNights,
      dateOfCommencement: booking.dateOfCommencement,
    },
    token,
  );
  expect(booked.json.success, booked.json.message).to.equal(true);
  return booked.json.data.bookingID;
}
