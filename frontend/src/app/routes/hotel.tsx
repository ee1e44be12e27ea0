/** /hotel/:hotelID and /view-hotel/:hotelID (spec section 2). */
import { Spinner } from '@blueprintjs/core';
import { describePolicy, limits, messages, TERMS_BEFORE_POLICIES, type Stay } from '@stays/contracts';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { CancellationPolicyNote } from '../../components/CancellationPolicyNote.tsx';
import { StayPicker } from '../../components/StayPicker.tsx';
import { bookingActions, selectChosenStay } from '../../features/booking/booking.slice.ts';
import { earliestBookable } from '../../lib/dates.ts';
import { defaultStay, namesStay, stayFromParams, stayKey, withStay } from '../../lib/stay.ts';
import { BookBar, BookingPanel } from '../../features/hotels/components/BookingPanel.tsx';
import { HotelDetail } from '../../features/hotels/components/HotelDetail.tsx';
import { RoomChooser } from '../../features/hotels/components/RoomChooser.tsx';
import { selectHotelDetail, selectRooms, selectRoomVerdicts } from '../../features/hotels/hotels.selectors.ts';
import { hotelsActions } from '../../features/hotels/hotels.slice.ts';
import { selectCurrentUser, selectSelectedRoom } from '../../features/session/session.selectors.ts';
import { sessionActions } from '../../features/session/session.slice.ts';
import { useDispatch, useSelector } from 'react-redux';
import { useWindowWidth } from '../../lib/use-window-width.ts';
import type { RootState } from '../store.ts';

const ui = messages.ui;

export default function HotelPage() {
  const { hotelID = '' } = useParams();
  const dispatch = useDispatch();
  const detail = useSelector(selectHotelDetail);
  const hotel = useSelector((state: RootState) => state.hotels.byId[hotelID]);
  const rooms = useSelector(selectRooms);
  const user = useSelector(selectCurrentUser);
  const selectedRoom = useSelector(selectSelectedRoom);
  const width = useWindowWidth();
  // The stay: the address's (kept there as it changes), else the one picked on an earlier page, else one night from the earliest day.
  const navigate = useNavigate();
  const location = useLocation();
  const chosen = useSelector(selectChosenStay);
  const inAddress = useMemo(() => {
    const params = new URLSearchParams(location.search);
    return namesStay(params) ? stayFromParams(params, new Date()).stay : null;
  }, [location.search]);
  const stay = inAddress ?? chosen ?? defaultStay(earliestBookable());
  const picked = inAddress !== null || chosen !== null;
  const chooseStay = (next: Stay) => {
    dispatch(bookingActions.stayChosen({ stay: next }));
    navigate({ search: withStay(location.search, next) }, { replace: true });
  };
  const moveCheckIn = (checkIn: string) => chooseStay({ ...stay, checkIn });
  const verdicts = useSelector((s: RootState) => selectRoomVerdicts(s, hotelID, stay));
  const key = stayKey(stay);
  useEffect(() => {
    dispatch(hotelsActions.availabilityRequested({ hotelId: hotelID, stay }));
  }, [dispatch, hotelID, key]); // eslint-disable-line react-hooks/exhaustive-deps

  const status = detail.hotelId === hotelID ? detail.status : 'loading';
  if (status === 'loading' || status === 'idle')
    return (
      <p className="page loading-text">
        <Spinner size={16} /> {ui.loading}
      </p>
    );
  if (status === 'notFound') {
    return (
      <div className="page narrow">
        <h1>{ui.pageNotFound}</h1>
        <p>{ui.hotelNotFound}</p>
        <Link to="/">{ui.goHome}</Link>
      </div>
    );
  }
  if (status === 'failed' || hotel === undefined) return <p className="page error-text">{ui.somethingWentWrong}</p>;

  const isOwner = user?.role === 'hotel-owner';
  const wide = width >= limits.bookingPanelMinWidthPx;
  return (
    <div className="page hotel-page">
      <div className="hotel-main">
        <HotelDetail hotel={hotel} />
        {rooms.length > 0 && (
          <RoomChooser
            rooms={rooms}
            selectedRoom={selectedRoom}
            canSelect={!isOwner}
            verdicts={verdicts}
            stay={stay}
            onMoveCheckIn={moveCheckIn}
            onSelect={(roomId) => dispatch(sessionActions.roomSelected({ roomId }))}
          >
            {!wide && <StayPicker stay={stay} onChange={chooseStay} withGuests className="rooms-stay" />}
          </RoomChooser>
        )}
        <CancellationPolicyNote text={describePolicy(hotel.cancellationPolicy ?? TERMS_BEFORE_POLICIES)} />
      </div>
      {wide ? (
        <aside className="hotel-aside">
          <BookingPanel
            hotel={hotel}
            rooms={rooms}
            signedIn={user !== null}
            canBook={user?.role === 'customer'}
            stay={stay}
            picked={picked}
            onStayChange={chooseStay}
          />
        </aside>
      ) : (
        <BookBar hotel={hotel} signedIn={user !== null} canBook={user?.role === 'customer'} stay={stay} picked={picked} />
      )}
    </div>
  );
}
