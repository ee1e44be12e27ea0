/** A hotel with a room, and a guest's booking of it with its invoice issued: what media tests read. */
import http from 'node:http';
import { expect } from 'chai';
import { hotelForm, pngImages, roomForm } from './fixtures.ts';
import type { ApiClient } from './http-client.ts';
import type { SignedIn } from './accounts.ts';
import { daysFromToday, newContact, verifyContact } from './booking.ts';
import { API, type TestSystem } from './test-system.ts';

export async function createHotel(api: ApiClient, owner: SignedIn, overrides: Record<string, string> = {}): Promise<string> {
  const response = await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(overrides), { imageURLs: await pngImages(5) }, { token: owner.token });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body.data._id as string;
}

export async function addRoom(api: ApiClient, owner: SignedIn, hotelId: string, overrides: Record<string, string> = {}, images = 1): Promise<string> {
  const response = await api.multipart(
    'POST',
    '/hotel/room/create/room',
    roomForm(hotelId, overrides),
    { imageURLs: await pngImages(images) },
    { token: owner.token },
  );
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body.data._id as string;
}

export async function hotelWithRoom(
  api: ApiClient,
  owner: SignedIn,
  fields: { readonly hotel?: Record<string, string>; readonly room?: Record<string, string> } = {},
): Promise<{ hotelId: string; roomId: string }> {
  const hotelId = await createHotel(api, owner, fields.hotel);
  return { hotelId, roomId: await addRoom(api, owner, hotelId, { totalUnits: '50', ...fields.room }, 2) };
}

/** Books one night for `guest` (contact verified by OTP first) and waits until the invoice is issued. */
export async function bookedStay(stays: TestSystem, api: ApiClient, guest: SignedIn, hotelId: string): Promise<string> {
  const contact = newContact();
  await verifyContact(api, stays.dataDir, guest.token, contact);
  const placed = await api.post(
    '/hotel/booking/book/hotel',
    {
      hotelID: hotelId,
      customerID: guest.id,
      ...contact,
      roomStandard: 'Deluxe',
      roomType: 'Room',
      numberOfRooms: 1,
      numberOfGuests: 1,
      numberOfNights: 1,
      dateOfBooking: daysFromToday(0),
      dateOfCommencement: daysFromToday(7),
      totalAmount: 1,
    },
    { token: guest.token },
  );
  expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
  await stays.system.reactor.whenIdle();
  return placed.body.data.bookingID as string;
}

/** A GET under the API prefix with any headers, Host included (fetch would not send a forged Host). */
export function getWithHeaders(baseUrl: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${API}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
