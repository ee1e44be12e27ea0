/**
 * The one-process product served on a loopback port with hotels, rooms and guests ready to
 * book, set up through the API as people do it: the booking and invoice benchmarks start
 * from here. Guests arrive from their own addresses, as through the gateway (one address
 * would be throttled after 100 sign-ups), so the system trusts `X-Forwarded-For`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { loadConfig } from '@stays/service-kit';
import { readOutbox } from '@stays/service-kit/testing';
import { composeSystem } from '../standalone/src/compose.ts';

const PASSWORD = 'bench-password-1';

export interface Answer {
  readonly status: number;
  readonly body: any;
}

/** A request to the API: JSON, or a form with files; `from` picks the client's address. */
export type Call = (method: string, route: string, body: unknown, token?: string, from?: number) => Promise<Answer>;

export interface BookableSystem {
  readonly system: Awaited<ReturnType<typeof composeSystem>>;
  readonly dataDir: string;
  /** The API's base URL. */
  readonly api: string;
  readonly call: Call;
  /** The address a client numbered `n` comes from. */
  readonly addressOf: (n: number) => string;
  /** Stops serving and closes the system; the data directory stays until `remove`. */
  close(): Promise<void>;
  remove(): Promise<void>;
}

export interface Listing {
  readonly hotelID: string;
  readonly roomStandard: string;
}

export interface Guest {
  readonly token: string;
  readonly email: string;
  /** Ten digits, as the booking form takes it. */
  readonly phone: string;
  readonly name: string;
}

/** `env`: configuration beyond a fresh DATA_DIR without demo data. */
export async function serveBookableSystem(
  name: string,
  env: Record<string, string> = {},
  compose: { readonly encryptPersonalData?: boolean } = {},
): Promise<BookableSystem> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `stays-bench-${name}-`));
  const system = await composeSystem(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', TRUST_PROXY: '1', ...env }), { log: () => undefined, ...compose });
  await system.runner.whenCaughtUp();
  const server = http.createServer(system.host.callback());
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sharma/resident/stays`;
  const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const call: Call = async (method, route, body, token, from = 0) => {
    const isForm = body instanceof FormData;
    const response = await fetch(api + route, {
      method,
      headers: {
        'x-forwarded-for': addressOf(from),
        ...(token && { authorization: `Bearer ${token}` }),
        ...(!isForm && { 'content-type': 'application/json' }),
      },
      body: isForm ? body : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    system,
    dataDir,
    api,
    call,
    addressOf,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await system.close();
    },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

let image: Promise<Buffer> | undefined;
/** A small PNG: what every hotel, room and profile is given. */
function anImage(): Promise<Buffer> {
  return (image ??= sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
    .png()
    .toBuffer());
}

async function form(fields: Record<string, string>, files: number, field: string): Promise<FormData> {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  const png = await anImage();
  for (let i = 0; i < files; i++) data.append(field, new Blob([new Uint8Array(png)], { type: 'image/png' }), `i${i}.png`);
  return data;
}

/** `hotels` hotels in Pune, each with its own owner; hotel `h` lists the rooms `roomsOf(h)` gives, in order. */
export async function listHotels(
  call: Call,
  hotels: number,
  roomsOf: (hotel: number) => readonly { readonly roomType: 'Room' | 'Flat'; readonly totalUnits: number }[],
): Promise<Listing[]> {
  const listings: Listing[] = [];
  for (let h = 0; h < hotels; h++) {
    const email = `bench-owner-${h}@example.in`;
    await call('POST', '/hotel/owner/register', { name: `Owner ${h}`, email, password: PASSWORD });
    const token = (await call('POST', '/hotel/owner/login', { email, password: PASSWORD })).body.data.accessToken;
    const hotel = await call(
      'POST',
      '/hotel/data/create/hotel',
      await form(
        {
          hotelName: `Benchmark Hotel Number ${h}`,
          description: 'A hotel that exists to be booked many times a second by the benchmark.',
          address: `${h} Benchmark Road, Test Nagar`,
          country: 'India',
          city: 'Pune',
          pinCode: '411001',
          phoneNumber: '9822012345',
          amenities: 'AC',
          startingPrice: '1000',
          checkInTime: '12:00',
          checkOutTime: '11:00',
        },
        5,
        'imageURLs',
      ),
      token,
    );
    const hotelID = hotel.body.data._id as string;
    for (const [r, { roomType, totalUnits }] of roomsOf(h).entries()) {
      const fields = { hotelID, roomType, roomStandard: `Standard ${r}`, size: '20', bedType: 'Double', pricePerNight: String(1000 + r * 100) };
      await call('POST', '/hotel/room/create/room', await form({ ...fields, totalUnits: String(totalUnits) }, 1, 'imageURLs'), token);
      listings.push({ hotelID, roomStandard: `Standard ${r}` });
    }
  }
  return listings;
}

/**
 * `count` guests signed up with a profile image, signed in, and their email and phone
 * verified (the OTP read from the outbox), guest `g` from client address `g + 1`.
 */
export async function signUpGuests(bookable: BookableSystem, count: number): Promise<Guest[]> {
  const { call } = bookable;
  const signUp = async (g: number): Promise<Guest> => {
    const email = `bench-guest-${g}@example.in`;
    const registration = await form({ username: `guest${g}`, name: `Guest ${g}`, email, password: PASSWORD }, 1, 'profileImage');
    // sixteen profile images at once fill the image line, which answers 503 with Retry-After: the guest tries again then
    let registered = await call('POST', '/user/register', registration, undefined, g + 1);
    for (let tries = 1; registered.status === 503 && tries < 20; tries++) {
      await sleep(1000);
      registered = await call('POST', '/user/register', registration, undefined, g + 1);
    }
    const signedIn = await call('POST', '/user/login', { email, password: PASSWORD }, undefined, g + 1);
    if (signedIn.status !== 200) throw new Error(`guest ${g}: sign-up ${registered.status} ${JSON.stringify(registered.body)}, sign-in ${signedIn.status}`);
    const token = signedIn.body.data.accessToken as string;
    const phone = `9${String(100_000_000 + g).slice(-9)}`;
    await call('POST', '/hotel/booking/send/email/mobile', { customerName: `Guest ${g}`, customerEmail: email, customerPhoneNumber: `+91${phone}` }, token);
    return { token, email, phone, name: `Guest ${g}` };
  };
  // argon2 makes sign-ups slow on purpose: a few at a time keep the machine responsive
  const guests: Guest[] = [];
  for (let first = 0; first < count; first += 16) {
    guests.push(...(await Promise.all(Array.from({ length: Math.min(16, count - first) }, (_, i) => signUp(first + i)))));
  }
  const outbox = await readOutbox(path.join(bookable.dataDir, 'outbox'));
  const smsTo = new Map(outbox.filter((message) => message.kind === 'sms').map((message) => [message.to, message.text]));
  for (let first = 0; first < guests.length; first += 32) {
    await Promise.all(
      guests.slice(first, first + 32).map(async (guest) => {
        const otp = /\b(\d{6})\b/.exec(smsTo.get(`+91${guest.phone}`) ?? '')?.[1];
        await call('POST', '/hotel/booking/verify/email/mobile', { otp, customerEmail: guest.email, customerPhoneNumber: `+91${guest.phone}` }, guest.token);
      }),
    );
  }
  return guests;
}
