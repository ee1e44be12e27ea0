/** /room-calendar/:hotelID/:roomID: a listing's availability calendar, opened from its card under ROOM's DATA. */
import { calendarSyncMessages, closureMessages, messages, roomTypeLabel } from '@stays/contracts';
import { useEffect } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { ownerCalendarApi } from '../../features/owner-calendar/api/owner-calendar-api.ts';
import { AvailabilityCalendar } from '../../features/owner-calendar/components/AvailabilityCalendar.tsx';
import { CalendarSync } from '../../features/owner-calendar/components/CalendarSync.tsx';
import { installOwnerCalendar, type WithOwnerCalendar } from '../../features/owner-calendar/install.ts';
import { calendarKey, initialOwnerCalendarState, ownerCalendarActions } from '../../features/owner-calendar/owner-calendar.slice.ts';
import { selectOwnerRoom } from '../../features/owner-rooms/owner-rooms.selectors.ts';
import { ownerRoomsActions } from '../../features/owner-rooms/owner-rooms.slice.ts';
import type { AppStore } from '../store.ts';
import { LoadError, LoadingText } from './owner-common.tsx';

const texts = closureMessages;

export default function RoomCalendarPage() {
  const { hotelID = '', roomID = '' } = useParams();
  installOwnerCalendar(useStore() as AppStore, ownerCalendarApi);
  const dispatch = useDispatch();
  const state = useSelector((root: WithOwnerCalendar) => root.ownerCalendar ?? initialOwnerCalendarState);
  const room = useSelector(selectOwnerRoom);
  useEffect(() => {
    dispatch(ownerCalendarActions.requested({ hotelId: hotelID, roomId: roomID }));
    dispatch(ownerRoomsActions.roomRequested({ hotelId: hotelID, roomId: roomID }));
    dispatch(ownerCalendarActions.syncRequested({ hotelId: hotelID, roomId: roomID }));
  }, [dispatch, hotelID, roomID]);
  const sync = state.sync.view?.roomID === roomID ? state.sync.view : null;
  const listing = room.roomId === roomID ? room.data : null;
  const current = state.key === calendarKey(hotelID, roomID);
  const calendar = current ? state.calendar : null;

  return (
    <div className="page owner-page">
      <h1>{texts.calendarTitle}</h1>
      {listing !== null && (
        <p className="muted lead">
          {listing.hotelName} · {messages.ui.roomUpdateHeading(listing.roomStandard, roomTypeLabel(listing.roomType))}
        </p>
      )}
      {calendar === null && current && state.status === 'failed' ? (
        <LoadError text={texts.loadFailed} />
      ) : calendar === null ? (
        <LoadingText />
      ) : (
        <AvailabilityCalendar
          roomId={roomID}
          calendar={calendar}
          change={state.change}
          onClose={(form) => dispatch(ownerCalendarActions.closeSubmitted({ hotelId: hotelID, form }))}
          onReopen={(closure, range) =>
            dispatch(ownerCalendarActions.reopenSubmitted({ hotelId: hotelID, roomId: roomID, closureID: closure.closureID, range }))
          }
        />
      )}
      {sync !== null && (
        <CalendarSync
          view={sync}
          change={state.sync.change}
          onAdd={(url) => dispatch(ownerCalendarActions.feedAddSubmitted({ hotelId: hotelID, roomId: roomID, url }))}
          onRemove={(feed) => dispatch(ownerCalendarActions.feedRemoveSubmitted({ hotelId: hotelID, roomId: roomID, feedID: feed.feedID }))}
          onRenew={() => dispatch(ownerCalendarActions.exportRenewSubmitted({ hotelId: hotelID, roomId: roomID }))}
        />
      )}
      {sync === null && state.sync.status === 'failed' && <LoadError text={calendarSyncMessages.loadFailed} />}
      <p>
        <Link className="back-link" to={`/room-data/${hotelID}`}>
          {messages.ui.roomsData}
        </Link>
      </p>
    </div>
  );
}
