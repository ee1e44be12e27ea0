/**
 * /hotel-details, the owner's landing page: the owner profile (session feature) and the
 * owner area's buttons, which depend on whether the owner has a hotel and bookings, and
 * 'Download my data'; below, once the owner has a hotel, its occupancy and revenue charts
 * (loaded lazily with their chart library).
 */
import { Button, Classes, Intent } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { selectOwnerHasBookings } from '../../features/owner-bookings/owner-bookings.selectors.ts';
import { ownerBookingsActions } from '../../features/owner-bookings/owner-bookings.slice.ts';
import { selectOwnHotel } from '../../features/owner-hotel/owner-hotel.selectors.ts';
import { ownerHotelActions } from '../../features/owner-hotel/owner-hotel.slice.ts';
import { OwnerProfileForm } from '../../features/owner-profile/components/OwnerProfileForm.tsx';
import { DownloadMyDataButton } from '../../features/session/components/DownloadMyDataButton.tsx';
import { HolderConfirmation } from '../../features/session/components/HolderConfirmation.tsx';
import { selectCurrentUser, selectNoticeFor, selectSessionLoading } from '../../features/session/session.selectors.ts';
import { sessionActions, type SessionState } from '../../features/session/session.slice.ts';
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from '../store.ts';

const ui = messages.ui;
const OwnerOccupancy = lazy(() => import('../../features/occupancy/OwnerOccupancy.tsx'));
const selectUpdateNotice = selectNoticeFor('update');
const linkButton = (intent: Intent = Intent.PRIMARY) => `${Classes.BUTTON} ${Classes.intentClass(intent)} ${Classes.LARGE}`;

export default function OwnerProfilePage() {
  const dispatch = useDispatch();
  const user = useSelector(selectCurrentUser);
  const loading = useSelector(selectSessionLoading);
  const notice = useSelector((state: { session: SessionState }) => state.session.notice);
  const updateNotice = useSelector(selectUpdateNotice);
  const own = useSelector(selectOwnHotel);
  const hotelId = own.hotelId;
  const hasBookings = useSelector((state: RootState) => selectOwnerHasBookings(state, hotelId));

  useEffect(() => {
    dispatch(sessionActions.noticeCleared());
    dispatch(ownerHotelActions.ownHotelRequested());
  }, [dispatch]);
  useEffect(() => {
    if (hotelId !== null) dispatch(ownerBookingsActions.requested({ hotelId }));
  }, [dispatch, hotelId]);

  if (user === null) return null;
  const shown = notice !== null && ['update', 'delete', 'signOut'].includes(notice.form) ? notice : null;
  const known = own.status === 'succeeded';
  return (
    <div className="page narrow">
      <OwnerProfileForm
        user={user}
        loading={loading}
        updated={updateNotice?.ok === true}
        notice={shown && { ok: shown.ok, text: shown.ok && shown.form === 'update' ? ui.userUpdated : shown.text }}
        onUpdate={(body) => dispatch(sessionActions.ownerUpdateRequested({ body }))}
        onDelete={() => dispatch(sessionActions.deleteRequested())}
        onSignOut={() => dispatch(sessionActions.signOutRequested())}
        Confirmation={HolderConfirmation}
      >
        <nav className="owner-actions" aria-label={ui.ownerAreaTitle}>
          {known && hotelId !== null && (
            <>
              <Link className={linkButton(Intent.SUCCESS)} to={`/add-room/${hotelId}`}>
                {ui.addRooms}
              </Link>
              <Link className={linkButton()} to={`/update-hotel/${hotelId}`}>
                {ui.updateHotel}
              </Link>
              <Link className={linkButton()} to={`/room-data/${hotelId}`}>
                {ui.roomsData}
              </Link>
              <Link className={linkButton()} to={`/view-hotel/${hotelId}`}>
                {ui.yourHotelButton}
              </Link>
              {hasBookings && (
                <Link className={linkButton(Intent.WARNING)} to={`/hotel-owner-bookings/${hotelId}`}>
                  {ui.newBookings}
                </Link>
              )}
            </>
          )}
          {known && hotelId === null && (
            <>
              <Link className={linkButton(Intent.SUCCESS)} to="/add-hotel">
                {ui.addHotel}
              </Link>
              <Button size="large" disabled text={ui.updateHotel} />
              <Button size="large" disabled text={ui.roomsData} />
              <Button size="large" disabled text={ui.yourHotelButton} />
              <p className="muted owner-hint">{ui.ownerNoHotelYet}</p>
            </>
          )}
        </nav>
        <div className="profile-actions">
          <DownloadMyDataButton />
        </div>
      </OwnerProfileForm>
      {known && hotelId !== null && (
        <Suspense fallback={null}>
          <OwnerOccupancy />
        </Suspense>
      )}
    </div>
  );
}
