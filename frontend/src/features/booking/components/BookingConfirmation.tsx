/** The confirmation /profile shows right after Book: the booking just placed, and where to find it. */
import { Callout, Intent } from '@blueprintjs/core';
import { formatRupees, addDays, messages } from '@stays/contracts';
import { Link } from 'react-router-dom';
import type { PlacedBooking } from '../booking.slice.ts';

const ui = messages.ui;
const labels = ui.bookingDetail;

export function BookingConfirmation({ booking, bookingsHref }: { booking: PlacedBooking; bookingsHref: string }) {
  const checkOut = addDays(booking.dateOfCommencement, booking.numberOfNights);
  return (
    <Callout className="booking-confirmation" intent={Intent.SUCCESS} icon="tick-circle" role="status">
      {/* not a heading: it sits above the page's h1 */}
      <p className="confirmation-title">{ui.bookingConfirmedTitle}</p>
      <dl className="confirmation-facts">
        <div>
          <dt>{labels.bookingID}</dt>
          <dd className="booking-id">{booking.bookingID}</dd>
        </div>
        <div>
          <dt>{labels.hotelName}</dt>
          <dd>{booking.hotelName}</dd>
        </div>
        <div>
          <dt>{ui.stayDatesLabel}</dt>
          <dd>{ui.stayDates(booking.dateOfCommencement, checkOut, booking.numberOfNights)}</dd>
        </div>
        <div>
          <dt>{ui.payableLabel}</dt>
          <dd>{formatRupees(booking.payableAmount)}</dd>
        </div>
      </dl>
      <p>{ui.invoiceOnItsWay}</p>
      <Link to={bookingsHref}>{ui.viewThisBooking}</Link>
    </Callout>
  );
}
