/** /user/bookings/:customerID (spec section 2). */
import { Icon } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { BookingsTable } from '../../features/bookings/components/BookingsTable.tsx';
import { selectBookingCancel, selectBookings, selectBookingsState } from '../../features/bookings/bookings.selectors.ts';
import { bookingsActions } from '../../features/bookings/bookings.slice.ts';
import { selectCurrentUser } from '../../features/session/session.selectors.ts';
import { useDispatch, useSelector } from 'react-redux';
import { useFreshSignedLinks } from '../../lib/use-signed-links.ts';

const ui = messages.ui;

export default function BookingsPage() {
  const { customerID = '' } = useParams();
  const dispatch = useDispatch();
  const user = useSelector(selectCurrentUser);
  const state = useSelector(selectBookingsState);
  const bookings = useSelector(selectBookings);
  const cancel = useSelector(selectBookingCancel);

  useFreshSignedLinks(useCallback(() => dispatch(bookingsActions.requested({ customerId: customerID })), [dispatch, customerID]));

  return (
    <div className="page bookings-page">
      {user !== null && (
        <div className="bookings-user">
          {user.profileImage ? <img src={user.profileImage} alt={user.name} className="avatar-large" /> : <Icon icon="user" size={48} />}
          <div>
            <p className="lead">{user.name}</p>
            <p className="muted">{user.email}</p>
          </div>
        </div>
      )}
      <h1>{ui.yourBookings}</h1>
      {state.status === 'loading' && bookings.length === 0 ? (
        <p className="loading-text">{ui.serverLoading}</p>
      ) : (
        <BookingsTable
          bookings={bookings}
          cancel={cancel}
          onCancel={(booking) => dispatch(bookingsActions.cancelRequested({ bookingId: booking._id, bookingID: booking.bookingID }))}
        />
      )}
    </div>
  );
}
