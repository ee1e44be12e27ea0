/**
 * The campaign's workload over HTTP: guests sign up, verify a contact and book, many of them
 * racing for the last units of a few nights; they cancel, and the owner marks bookings paid.
 * Every request is recorded with its answer (status 0: no answer, the connection died) and
 * its times, for the checks to hold the product to.
 */
import { signedInCustomer, signedInOwner, type SignedIn } from '../support/accounts.ts';
import { daysFromToday, international, newContact, verifyContact, type Contact } from '../support/booking.ts';
import { pngImages, roomForm, hotelForm } from '../support/fixtures.ts';
import { ApiClient } from '../support/http-client.ts';

/** `otp` (a code sent: the outbox's files) and `images` (a room's images replaced: media files) write beside the log. */
export type Operation = 'book' | 'cancel' | 'paid' | 'otp' | 'images';

export interface Exchange {
  readonly op: Operation;
  readonly guest: string;
  /** The booking acted on (for a booking: the one placed, when it was). */
  readonly bookingID: string | undefined;
  readonly night?: string;
  readonly status: number;
  readonly message: string;
  readonly startedAt: number;
  readonly answeredAt: number;
}

interface Guest extends SignedIn {
  readonly contact: Contact;
  /** Bookings acknowledged and not cancelled as far as this guest knows. */
  readonly open: string[];
}

/** The listing every guest races for: few units, so the last ones are contended. */
export const UNITS = 3;

export class Workload {
  readonly exchanges: Exchange[] = [];
  private readonly guests: Guest[] = [];
  private owner!: SignedIn;
  private hotelId = '';
  private roomId = '';
  private running: Promise<void>[] = [];
  private stopping = false;
  private api: ApiClient;
  private fileWrites = 0;

  constructor(
    baseUrl: string,
    private readonly dataDir: string,
    private readonly random: () => number,
  ) {
    this.api = new ApiClient(baseUrl);
  }

  get room(): { readonly hotelId: string; readonly roomId: string } {
    return { hotelId: this.hotelId, roomId: this.roomId };
  }

  get accounts(): readonly SignedIn[] {
    return this.guests;
  }

  /** The owner, the hotel and its room, and `guests` guests with verified contacts. */
  async setUp(guests: number): Promise<void> {
    this.owner = await signedInOwner(this.api);
    const hotel = await this.api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: this.owner.token });
    this.hotelId = hotel.body.data._id as string;
    const room = await this.api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(this.hotelId, { totalUnits: String(UNITS) }),
      { imageURLs: await pngImages(2) },
      { token: this.owner.token },
    );
    this.roomId = room.body.data._id as string;
    for (let i = 0; i < guests; i++) await this.signUp();
  }

  /** A new guest signs up and verifies a contact (also between rounds: the pool grows). */
  async signUp(): Promise<void> {
    const account = await signedInCustomer(this.api, `Guest ${this.guests.length}`);
    const contact = newContact(`Guest ${this.guests.length}`);
    await verifyContact(this.api, this.dataDir, account.token, contact);
    this.guests.push({ ...account, contact, open: [] });
  }

  /**
   * One write of each kind that keeps files beside the log: a guest asks a code for a new
   * contact (an email and an SMS in the outbox), the owner replaces the room's images (media).
   * A new contact each time, as a guest may ask one contact only so many codes a day.
   */
  async writeFiles(): Promise<void> {
    const guest = this.guests[this.fileWrites++ % this.guests.length]!;
    const contact = newContact(guest.contact.customerName);
    await Promise.all([
      this.call('otp', guest.id, undefined, () =>
        this.api.post('/hotel/booking/send/email/mobile', { ...contact, customerPhoneNumber: international(contact) }, { token: guest.token }),
      ),
      this.call('images', this.owner.id, undefined, async () =>
        this.api.multipart(
          'PATCH',
          `/hotel/room/update/room/${this.hotelId}/${this.roomId}`,
          { pricePerNight: roomForm(this.hotelId).pricePerNight! },
          { imageURLs: await pngImages(2) },
          { token: this.owner.token },
        ),
      ),
    ]);
  }

  /** Starts every guest and the owner on `nights` (days from today), until stop(). */
  start(baseUrl: string, nights: readonly number[]): void {
    this.api = new ApiClient(baseUrl);
    this.stopping = false;
    this.running = [...this.guests.map((guest) => this.guestLoop(guest, nights)), this.ownerLoop()];
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private async guestLoop(guest: Guest, nights: readonly number[]): Promise<void> {
    while (!this.stopping) {
      if (guest.open.length > 0 && (this.random() < 0.2 || guest.open.length >= 8)) {
        const bookingID = guest.open.splice(Math.floor(this.random() * guest.open.length), 1)[0]!;
        const answer = await this.call('cancel', guest.id, bookingID, () => this.api.post(`/hotel/booking/cancel/${bookingID}`, {}, { token: guest.token }));
        // refused (paid meanwhile, no answer): it stays open as far as the guest knows, unless it was cancelled
        if (answer.status !== 200 && answer.status !== 0) guest.open.push(bookingID);
      } else {
        const night = daysFromToday(nights[Math.floor(this.random() * nights.length)]!);
        const answer = await this.call(
          'book',
          guest.id,
          undefined,
          () =>
            this.api.post(
              '/hotel/booking/book/hotel',
              {
                hotelID: this.hotelId,
                customerID: guest.id,
                ...guest.contact,
                roomStandard: 'Deluxe',
                roomType: 'Room',
                numberOfRooms: 1,
                numberOfGuests: 1,
                numberOfNights: 1,
                dateOfBooking: daysFromToday(0),
                dateOfCommencement: night,
                totalAmount: 1,
              },
              { token: guest.token },
            ),
          night,
        );
        if (answer.status === 201 && answer.bookingID) guest.open.push(answer.bookingID);
      }
      if (this.exchanges.at(-1)?.status === 0) await sleep(50); // the product is down: do not spin
    }
  }

  private async ownerLoop(): Promise<void> {
    while (!this.stopping) {
      await sleep(100 + this.random() * 300);
      const placed = this.exchanges.filter((exchange) => exchange.op === 'book' && exchange.status === 201);
      const pick = placed[Math.floor(this.random() * placed.length)];
      if (!pick?.bookingID) continue;
      await this.call('paid', this.owner.id, pick.bookingID, () =>
        this.api.post(`/hotel/owner/booking/paid/${pick.bookingID}`, {}, { token: this.owner.token }),
      );
    }
  }

  private async call(
    op: Operation,
    guest: string,
    bookingID: string | undefined,
    send: () => Promise<{ status: number; body: { message?: string; data?: { bookingID?: string } } }>,
    night?: string,
  ): Promise<Exchange> {
    const startedAt = Date.now();
    let exchange: Exchange;
    try {
      const { status, body } = await send();
      const placed = op === 'book' && status === 201 ? body.data?.bookingID : bookingID;
      exchange = { op, guest, bookingID: placed, ...(night && { night }), status, message: body?.message ?? '', startedAt, answeredAt: Date.now() };
    } catch (error) {
      exchange = { op, guest, bookingID, ...(night && { night }), status: 0, message: String(error), startedAt, answeredAt: Date.now() };
    }
    this.exchanges.push(exchange);
    return exchange;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
