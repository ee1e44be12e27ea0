/**
 * What a listing's availability answer means for a guest's stay, as the hotel and booking
 * pages say it: still checking, could not check (with the server's reason when it refused the
 * stay), available (with 'Only N left' when few and
 * what the whole stay costs),
 * too many guests for the units asked, or sold out (with the nearest check-in free for as
 * many nights). The rules are the contracts' (`guestsFit`, `fewLeft`). DOM-free.
 */
import { fewLeft, guestsFit, unitsBooked, type ListingAvailability, type Stay } from '@stays/contracts';
import type { LoadStatus } from './models.ts';

export type RoomVerdict =
  | { readonly kind: 'checking' }
  /** `reason`: why the server refused the check (a stay it cannot answer for), or null when it could not be asked. */
  | { readonly kind: 'unknown'; readonly reason: string | null }
  | { readonly kind: 'available'; readonly onlyLeft: number | null; readonly payableAmount: number }
  | { readonly kind: 'tooManyGuests'; readonly sleeps: number }
  | { readonly kind: 'soldOut'; readonly free: number; readonly nearestCheckIn: string | null };

export function verdictOf(listing: ListingAvailability | undefined, stay: Stay, status: LoadStatus, refusal: string | null = null): RoomVerdict {
  if (listing === undefined) return status === 'loading' || status === 'idle' ? { kind: 'checking' } : { kind: 'unknown', reason: refusal };
  if (!guestsFit(stay.guests, listing.maxGuests, listing.roomType, stay.rooms)) {
    return { kind: 'tooManyGuests', sleeps: listing.maxGuests * unitsBooked(listing.roomType, stay.rooms) };
  }
  if (listing.bookable) return { kind: 'available', onlyLeft: fewLeft(listing.minFree) ? listing.minFree : null, payableAmount: listing.quote.payableAmount };
  return { kind: 'soldOut', free: listing.minFree, nearestCheckIn: listing.nearestCheckIn };
}

/** Whether the verdict lets the guest go on (a failed check does not stop them: booking decides). */
export const mayBook = (verdict: RoomVerdict): boolean => verdict.kind === 'available' || verdict.kind === 'unknown';
