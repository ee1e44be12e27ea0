/** /hotel/:hotelID and /view-hotel/:hotelID (spec section 2). */
import { Spinner } from '@blueprintjs/core';
import { limits, messages } from '@stays/contracts';
import { Link, useParams } from 'react-router-dom';
import { selectStayDate } from '../../features/booking/booking.selectors.ts';
import { bookingActions } from '../../features/booking/booking.slice.ts';
import { earliestBookable } from '../../lib/dates.ts';
import { BookBar, BookingPanel } from '../../features/hotels/components/BookingPanel.tsx';
import { HotelDetail } from '../../features/hotels/components/HotelDetail.tsx';
import { RoomChooser } from '../../features/hotels/components/RoomChooser.tsx';
import { selectHotelDetail, selectRooms } from '../../features/hotels/hotels.selectors.ts';
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
  const stayDate = useSelector((s: RootState) => selectStayDate(s, earliestBookable()));
  const chooseDate = (date: string) => dispatch(bookingActions.dateChosen({ date }));

  const status = detail.hotelId === hotelID ? detail.status : 'loading';
  if (status === 'loading' || status === 'idle') return <p className="page loading-text"><Spinner size={16} /> {ui.loading}</p>;
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
  return (
    <div className="page hotel-page">
      <div className="hotel-main">
        <HotelDetail hotel={hotel} />
        {rooms.length > 0 && (
          <RoomChooser rooms={rooms} selectedRoom={selectedRoom} canSelect={!isOwner}
            onSelect={(roomId) => dispatch(sessionActions.roomSelected({ roomId }))} />
        )}
      </div>
      {width >= limits.bookingPanelMinWidthPx ? (
        <aside className="hotel-aside">
          <BookingPanel hotel={hotel} rooms={rooms} signedIn={user !== null} canBook={user?.role === 'customer'} date={stayDate} onDateChange={chooseDate} />
        </aside>
      ) : (
        <BookBar hotel={hotel} signedIn={user !== null} canBook={user?.role === 'customer'} date={stayDate} />
      )}
    </div>
  );
}
