/** /hotel-owner-bookings/:hotelID: the hotel name, the owner's name and email, then the bookings as cards. */
import { messages } from '@stays/contracts';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { OwnerBookingCards } from '../../features/owner-bookings/components/OwnerBookingCards.tsx';
import { selectMarkPaid, selectOwnerBookings, selectOwnerBookingsState } from '../../features/owner-bookings/owner-bookings.selectors.ts';
import { ownerBookingsActions } from '../../features/owner-bookings/owner-bookings.slice.ts';
import { selectCurrentUser } from '../../features/session/session.selectors.ts';
import { useDispatch, useSelector } from 'react-redux';
import { useFreshSignedLinks } from '../../lib/use-signed-links.ts';
import { LoadError, LoadingText, useOwnerHotel } from './owner-common.tsx';

const ui = messages.ui;

export default function OwnerBookingsPage() {
  const { hotelID = '' } = useParams();
  const dispatch = useDispatch();
  const user = useSelector(selectCurrentUser);
  const { hotel } = useOwnerHotel(hotelID);
  const state = useSelector(selectOwnerBookingsState);
  const bookings = useSelector(selectOwnerBookings);
  const markPaid = useSelector(selectMarkPaid);
  useFreshSignedLinks(useCallback(() => dispatch(ownerBookingsActions.requested({ hotelId: hotelID })), [dispatch, hotelID]));
  const status = state.hotelId === hotelID ? state.status : 'loading';
  return (
    <div className="page owner-page">
      <h1>{hotel?.hotelName ?? bookings[0]?.hotelName ?? ui.ownerBookingsTitle}</h1>
      {user && (
        <p className="owner-identity">
          <strong>{user.name}</strong> <span className="muted">{user.email}</span>
        </p>
      )}
      {status === 'loading' && bookings.length === 0 && <LoadingText />}
      {status === 'failed' && <LoadError text={state.error ?? ui.errorWhileLoadingData} />}
      {bookings.length > 0 && (
        <OwnerBookingCards
          bookings={bookings}
          markPaid={markPaid}
          onMarkPaid={(booking) => dispatch(ownerBookingsActions.markPaidRequested({ bookingId: booking._id, bookingID: booking.bookingID }))}
        />
      )}
    </div>
  );
}
