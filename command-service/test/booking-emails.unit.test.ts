/**
 * The booking emails, rendered and sent through the outbox mailer, then read back with
 * mailparser as a mail client would: an HTML part and a plain-text part carrying the same
 * facts, values escaped as text, and nobody's personal data in an email to someone else.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { describePolicyForBooking, type CancellationPolicy, type PlacedBooking } from '@stays/contracts';
import { createOutboxMailer, type EmailMessage } from '@stays/service-kit';
import { readOutbox, type OutboxEntry } from '@stays/service-kit/testing';
import {
  bookingConfirmationEmail,
  guestCancellationEmail,
  ownerCancellationEmail,
  ownerNewBookingEmail,
  webClientLinks,
  type HotelForEmails,
} from '../src/reactors/emails/booking-emails.ts';
import { escapeHtml } from '../src/emails/layout.ts';
import { bookingPlaced, hotelDetails } from './support/events.ts';

const policy: CancellationPolicy = { freeUntilDaysBefore: 3, lateCharge: { kind: 'first-night' } };
const booking: PlacedBooking = { ...bookingPlaced.data, cancellationPolicy: policy };
const hotel: HotelForEmails = { ...hotelDetails };
const links = webClientLinks('https://stays.example.in/');
const ownerEmail = 'owner.sahyadri@example.in';
const cancellation = { cancelledAt: '2026-12-28T06:00:00.000Z', chargeAmount: 14_400, refundAmount: 0 };
const invoice = Buffer.from('%PDF-1.7 test invoice');

/** Everything a reader could see of an email: both parts, the subject and the attachment names. */
const seen = (mail: OutboxEntry) => [mail.subject, mail.text, mail.html, ...mail.attachments.map((a) => a.filename)].join('\n');
/** The HTML part as text: tags dropped, entities read. */
const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('booking emails', function () {
  let dir: string;

  beforeEach(async function () {
    dir = await mkdtemp(path.join(tmpdir(), 'stays-emails-'));
  });
  afterEach(async function () {
    await rm(dir, { recursive: true, force: true });
  });

  /** Sends through the outbox mailer and reads the one message back, parsed. */
  async function sentAndParsed(message: EmailMessage): Promise<{ mail: OutboxEntry; raw: string }> {
    await createOutboxMailer({ dir, from: 'Stays <bookings@stays.local>' }).send(message);
    const [mail, ...more] = await readOutbox(dir);
    expect(more).to.have.length(0);
    expect(mail!.html, 'an HTML part').to.be.a('string');
    return { mail: mail!, raw: await readFile(mail!.file, 'utf8') };
  }

  /** Each fact is in the plain-text part ("Label: value") and, read as text, in the HTML part (label and value in one row of its table). */
  function expectFacts(mail: OutboxEntry, facts: readonly string[]): void {
    for (const fact of facts) {
      expect(mail.text, `text part: ${fact}`).to.contain(fact);
      expect(htmlText(mail.html!), `html part: ${fact}`).to.contain(fact.replace(/^([A-Z][\w -]+): /, '$1 '));
    }
  }

  it("confirms the booking to the guest with the hotel's times, address, phone, the amounts, the policy and a link, invoice attached", async function () {
    const { mail } = await sentAndParsed(bookingConfirmationEmail(booking, hotel, policy, links.guestBookings(booking.customerId), invoice));
    expect(mail.to).to.equal('asha@example.in');
    expect(mail.subject).to.equal('Booking confirmed: BK-1 at Hotel Sahyadri Residency');
    expectFacts(mail, [
      'Dear Asha Rao,',
      'Booking ID: BK-1',
      'Address: 14 Jangli Maharaj Road, Pune',
      'Phone: 9822012345',
      'Check-in: Wed 30 Dec 2026, from 12:00',
      'Check-out: Sat 2 Jan 2027, by 11:00',
      'Nights: 3',
      'Guests: 2',
      'Rooms: 2 (Deluxe Room)',
      'Total: ₹54,000',
      'Discount: −₹10,800',
      'Payable at the hotel: ₹43,200',
      describePolicyForBooking(policy, booking),
      'Free cancellation until the end of 2026-12-27',
      'https://stays.example.in/user/bookings/g1',
    ]);
    expect(mail.html).to.contain('href="https://stays.example.in/user/bookings/g1"');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).to.deep.equal([
      ['Invoice_BK-1.pdf', 'application/pdf', invoice.toString()],
    ]);
    expect(seen(mail)).to.not.contain(ownerEmail);
  });

  it('tells the guest what was cancelled and what it cost under the policy, and nothing of the owner', async function () {
    const { mail, raw } = await sentAndParsed(guestCancellationEmail(booking, hotel, policy, cancellation, links.guestBookings(booking.customerId)));
    expect(mail.to).to.equal('asha@example.in');
    expect(mail.subject).to.equal('Booking cancelled: BK-1 at Hotel Sahyadri Residency');
    expectFacts(mail, [
      'Under the policy of your booking this cancellation costs ₹14,400, payable to the hotel.',
      'Booking ID: BK-1',
      'Check-in: Wed 30 Dec 2026, from 12:00',
      'Cancelled on: Mon 28 Dec 2026',
      'Cancellation charge: ₹14,400',
      'Refund: ₹0',
      describePolicyForBooking(policy, booking),
    ]);
    expect(raw).to.not.contain(ownerEmail);
    const free = await sentAndParsedAgain(guestCancellationEmail(booking, hotel, policy, { ...cancellation, chargeAmount: 0 }, links.guestBookings('g1')));
    expect(free.text).to.contain('Under the policy of your booking this cancellation is free.');
  });

  async function sentAndParsedAgain(message: EmailMessage): Promise<OutboxEntry> {
    await rm(dir, { recursive: true, force: true });
    return (await sentAndParsed(message)).mail;
  }

  it("tells the owner of a new booking by its ID, naming the guest but never the guest's email or phone", async function () {
    const { mail, raw } = await sentAndParsed(ownerNewBookingEmail(booking, ownerEmail, links.ownerBookings(booking.hotelId)));
    expect(mail.to).to.equal(ownerEmail);
    expect(mail.subject).to.equal('New booking BK-1 at Hotel Sahyadri Residency');
    expectFacts(mail, [
      'Booking BK-1 was placed at Hotel Sahyadri Residency.',
      'Booking ID: BK-1',
      'Guest: Asha Rao',
      'Listing: Deluxe Room',
      'Check-in: Wed 30 Dec 2026',
      'Check-out: Sat 2 Jan 2027',
      'Nights: 3',
      'Guests: 2',
      'Rooms: 2 (Deluxe Room)',
      'Payable at the hotel: ₹43,200',
      'https://stays.example.in/hotel-owner-bookings/h1',
    ]);
    for (const personal of [booking.customerEmail, booking.customerPhoneNumber]) expect(raw, personal).to.not.contain(personal);
  });

  it("tells the owner of a cancellation with its charge, never the guest's email or phone", async function () {
    const { mail, raw } = await sentAndParsed(ownerCancellationEmail(booking, ownerEmail, cancellation, links.ownerBookings(booking.hotelId)));
    expect(mail.to).to.equal(ownerEmail);
    expect(mail.subject).to.equal('Booking BK-1 at Hotel Sahyadri Residency was cancelled');
    expectFacts(mail, ['Booking ID: BK-1', 'Guest: Asha Rao', 'Cancelled on: Mon 28 Dec 2026', 'Cancellation charge: ₹14,400']);
    for (const personal of [booking.customerEmail, booking.customerPhoneNumber]) expect(raw, personal).to.not.contain(personal);
  });

  it('names a guest whose data was erased as such in the owner’s email', async function () {
    const { mail } = await sentAndParsed(ownerCancellationEmail({ ...booking, customerName: '[erased]' }, ownerEmail, cancellation, links.ownerBookings('h1')));
    expect(mail.text).to.contain('Guest: A guest (their details were erased)');
  });

  it('writes a hotel or guest name with markup or an ampersand as text in the HTML part, and as it is in the text part', async function () {
    const hostile = { ...booking, hotelName: 'Sea <script>alert(1)</script> & "Sons"', hotelCity: '<img src=x onerror=alert(1)>' };
    const { mail, raw } = await sentAndParsed(
      bookingConfirmationEmail(hostile, { ...hotel, address: 'Lane <b>7</b> & Co' }, policy, links.guestBookings('g1'), invoice),
    );
    expect(mail.html).to.not.match(/<script|<img|<b>/i);
    expect(mail.html).to.contain('Sea &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Sons&quot;');
    expect(mail.html).to.contain('Lane &lt;b&gt;7&lt;/b&gt; &amp; Co');
    expect(mail.text).to.contain('Sea <script>alert(1)</script> & "Sons"');
    expect(mail.subject).to.equal('Booking confirmed: BK-1 at Sea <script>alert(1)</script> & "Sons"');
    expect(raw.split('Content-Type: text/html')[1], 'the HTML part as sent').to.not.match(/<script|<img/i);
  });

  it('escapes every character that could end an HTML text or attribute, and refuses a link that is not a web address', function () {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).to.equal('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(() => bookingConfirmationEmail(booking, hotel, policy, 'javascript:alert(1)', invoice)).to.throw(/http\(s\) address/);
  });
});
