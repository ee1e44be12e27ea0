/** The bookings read model's document: a booking as guests and owners read it ("Booking (as read)" of the spec). */
import type { BookingView } from '@stays/contracts';

/** The model's collections by logical name (its versions keep them as `bookings_v<version>_<name>`). */
export const bookingCollections = {
  bookings: 'bookings',
} as const;

export type BookingDocument = Pick<BookingView, keyof BookingView> & {
  /** The hotel owner's account id, for who may read the booking's invoice. */
  ownerId: string;
  /** The stay's last night (YYYY-MM-DD): the booking is upcoming until it has passed (the auditors' status filter). */
  lastNight: string;
  /** The guest's email normalised (trimmed, lower case), as auditors search by it; the booking keeps the email as entered. */
  customerEmailKey: string;
};
