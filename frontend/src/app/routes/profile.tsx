/** /profile: the booking just placed (if any), the session feature's profile form, plus 'Your Bookings' when the guest has bookings and 'Download my data'. */
import { Classes, Intent } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { selectPlacedBooking } from '../../features/booking/booking.slice.ts';
import { BookingConfirmation } from '../../features/booking/components/BookingConfirmation.tsx';
import { selectHasBookings } from '../../features/bookings/bookings.selectors.ts';
import { bookingsActions } from '../../features/bookings/bookings.slice.ts';
import { DownloadMyDataButton } from '../../features/session/components/DownloadMyDataButton.tsx';
import { ProfileForm } from '../../features/session/components/ProfileForm.tsx';
import { selectCurrentUser } from '../../features/session/session.selectors.ts';
import { useDispatch, useSelector } from 'react-redux';

export default function ProfilePage() {
  const dispatch = useDispatch();
  const user = useSelector(selectCurrentUser);
  const hasBookings = useSelector(selectHasBookings);
  const isCustomer = user?.role === 'customer';
  const placed = useSelector(selectPlacedBooking);

  useEffect(() => {
    if (user !== null && isCustomer) dispatch(bookingsActions.requested({ customerId: user._id }));
  }, [dispatch, user?._id, isCustomer]); // eslint-disable-line react-hooks/exhaustive-deps

  if (user === null) return null;
  return (
    <div className="page narrow">
      {placed !== null && isCustomer && <BookingConfirmation booking={placed} bookingsHref={`/user/bookings/${user._id}`} />}
      <ProfileForm
        user={user}
        extraActions={
          <>
            {hasBookings && isCustomer && (
              <Link className={`${Classes.BUTTON} ${Classes.intentClass(Intent.PRIMARY)}`} to={`/user/bookings/${user._id}`}>
                {messages.ui.yourBookings}
              </Link>
            )}
            <DownloadMyDataButton />
          </>
        }
      />
    </div>
  );
}
