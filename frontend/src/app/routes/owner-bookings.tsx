/**
 * /hotel-owner-bookings/:hotelID: the hotel name, the owner's name and email, then the
 * bookings as cards, as an arrivals view: sorted by check-in, filtered by phase (arriving
 * today, in house, upcoming, past, cancelled) and payment, searched by booking ID or guest
 * name. The filter lives in the address (`show`, `payment`, `q`), so a view can be bookmarked
 * and Back returns to it.
 */
import { STAY_PHASES, messages, type StayPhase } from '@stays/contracts';
import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ArrivalsFilters } from '../../features/owner-bookings/components/ArrivalsFilters.tsx';
import { OwnerBookingCards } from '../../features/owner-bookings/components/OwnerBookingCards.tsx';
import {
  arrivalsOf,
  phaseCounts,
  selectMarkPaid,
  selectOwnerBookings,
  selectOwnerBookingsState,
  selectUndoPayment,
  type ArrivalsFilter,
} from '../../features/owner-bookings/owner-bookings.selectors.ts';
import { ownerBookingsActions } from '../../features/owner-bookings/owner-bookings.slice.ts';
import { selectCurrentUser } from '../../features/session/session.selectors.ts';
import { useDispatch, useSelector } from 'react-redux';
import { useFreshSignedLinks } from '../../lib/use-signed-links.ts';
import { LoadError, LoadingText, useOwnerHotel } from './owner-common.tsx';

const ui = messages.ui;

function filterOf(params: URLSearchParams): ArrivalsFilter {
  const show = params.get('show');
  const payment = params.get('payment');
  return {
    phase: STAY_PHASES.includes(show as StayPhase) ? (show as StayPhase) : 'all',
    payment: payment === 'paid' || payment === 'unpaid' ? payment : 'any',
    text: params.get('q') ?? '',
  };
}

function paramsOf(filter: ArrivalsFilter): Record<string, string> {
  return {
    ...(filter.phase !== 'all' && { show: filter.phase }),
    ...(filter.payment !== 'any' && { payment: filter.payment }),
    ...(filter.text !== '' && { q: filter.text }),
  };
}

export default function OwnerBookingsPage() {
  const { hotelID = '' } = useParams();
  const dispatch = useDispatch();
  const user = useSelector(selectCurrentUser);
  const { hotel } = useOwnerHotel(hotelID);
  const state = useSelector(selectOwnerBookingsState);
  const bookings = useSelector(selectOwnerBookings);
  const markPaid = useSelector(selectMarkPaid);
  const undoPayment = useSelector(selectUndoPayment);
  // The filter is the page's own state, read from the address once and written back to it: a control bound to the
  // address itself would lag a render behind (the router commits navigations as transitions), so keys typed in a row
  // and a click followed at once by typing would each undo the one before.
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState(() => filterOf(params));
  const changeFilter = (next: ArrivalsFilter) => {
    setFilter(next);
    setParams(paramsOf(next), { replace: true });
  };
  // a hotel's bookings are at most a few thousand: filtering them at each render costs well under a frame
  const now = new Date();
  const shown = arrivalsOf(bookings, filter, now);
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
        <>
          <ArrivalsFilters filter={filter} counts={phaseCounts(bookings, now)} total={bookings.length} onChange={changeFilter} />
          <p className="muted" role="status">
            {ui.arrivals.showing(shown.length, bookings.length)}
          </p>
          {shown.length === 0 && <p>{ui.arrivals.noneMatch}</p>}
          <OwnerBookingCards
            bookings={shown}
            now={now}
            markPaid={markPaid}
            undoPayment={undoPayment}
            onMarkPaid={(booking) => dispatch(ownerBookingsActions.markPaidRequested({ bookingId: booking._id, bookingID: booking.bookingID }))}
            onUndoPayment={(booking) => dispatch(ownerBookingsActions.undoPaymentRequested({ bookingId: booking._id, bookingID: booking.bookingID }))}
          />
        </>
      )}
    </div>
  );
}
