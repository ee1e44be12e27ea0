/**
 * A booking's history: every event about it across its streams (the booking, its
 * inventory units, the guest's hold, invoice, email, payment, cancellation), found by the
 * log's bookingID key, plus the contact verification that let it be placed: the placing
 * events name the contact stream they relied on (`metadata.contactStream`), and of that
 * stream the guest's events from the code that began the last verification before the
 * placement up to that verification are taken. Auditors' own reads are in the log too
 * (category 'auditor') but are not the booking's history. All in log order.
 */
import { streams } from '@stays/contracts';
import type { AuditLog, LoggedRecord } from '@stays/notary/queries';

export async function bookingHistory(auditLog: AuditLog, bookingID: string): Promise<LoggedRecord[]> {
  const about = await auditLog.find({ bookingID, notCategory: 'auditor' });
  const placed = about.find((document) => document.type === 'BookingPlaced' && document.streamId === streams.booking(bookingID));
  if (placed === undefined) return about;
  const contactStream = placed.record.metadata.contactStream;
  if (typeof contactStream !== 'string') return about;
  const verification = verificationBefore(await auditLog.find({ streamId: contactStream, beforeLeaf: placed._id }), placed.record.data.customerId);
  return [...about, ...verification].sort((a, b) => a._id - b._id);
}

/** The guest's events of a contact stream from the start of their last verification to it (none when they never verified). */
function verificationBefore(contactEvents: readonly LoggedRecord[], customerId: unknown): LoggedRecord[] {
  const guests = contactEvents.filter((document) => document.record.data.customerId === customerId);
  const verified = guests.findLastIndex((document) => document.type === 'ContactVerified');
  if (verified === -1) return [];
  const previous = guests.slice(0, verified).findLastIndex((document) => document.type === 'ContactVerified');
  return guests.slice(previous + 1, verified + 1);
}
