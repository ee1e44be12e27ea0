/** /add-room/:hotelID (ADD ROOM), /update-room-data/:hotelID/:roomID, and /room-data/:hotelID ('{hotel} (Rooms)'). */
import { Callout, Classes, Intent } from '@blueprintjs/core';
import { messages, roomTypeLabel } from '@stays/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { RoomCards } from '../../features/owner-rooms/components/RoomCards.tsx';
import { RoomForm } from '../../features/owner-rooms/components/RoomForm.tsx';
import {
  selectOwnerRoom,
  selectOwnerRoomList,
  selectOwnerRooms,
  selectRoomSubmit,
  selectRoomUpdated,
} from '../../features/owner-rooms/owner-rooms.selectors.ts';
import { ownerRoomsActions } from '../../features/owner-rooms/owner-rooms.slice.ts';
import { draftFromRoom, emptyRoomDraft } from '../../features/owner-rooms/room-draft.ts';
import { useDispatch, useSelector } from 'react-redux';
import { LoadError, LoadingText, useNavigateAfterSave, useOwnerHotel } from './owner-common.tsx';

const ui = messages.ui;

function useRoomSubmit() {
  const dispatch = useDispatch();
  const submit = useSelector(selectRoomSubmit);
  const [submittedHere, setSubmittedHere] = useState(false);
  useEffect(() => {
    dispatch(ownerRoomsActions.formOpened());
  }, [dispatch]);
  return {
    submit,
    saving: submit.status === 'saving',
    saved: submittedHere && submit.status === 'saved',
    error: submittedHere ? submit.error : null,
    markSubmitted: () => setSubmittedHere(true),
  };
}

export function AddRoomPage() {
  const { hotelID = '' } = useParams();
  const dispatch = useDispatch();
  const { hotel } = useOwnerHotel(hotelID);
  const room = useRoomSubmit();
  useNavigateAfterSave(room.saved, `/view-hotel/${hotelID}`);
  const initial = useMemo(() => emptyRoomDraft(), [room.saved]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="page owner-page">
      <h1>{ui.addRoomTitle}</h1>
      {hotel && <p className="muted lead">{hotel.hotelName}</p>}
      {hotel?.roomTypes?.length === 0 && (
        <Callout intent={Intent.PRIMARY} className="first-room-notice">
          {ui.addFirstRoomWhy}
        </Callout>
      )}
      <RoomForm
        mode="create"
        initial={initial}
        saving={room.saving}
        error={room.error}
        success={room.saved ? room.submit.message : null}
        onSubmit={(draft) => {
          room.markSubmitted();
          dispatch(ownerRoomsActions.submitted({ mode: 'create', hotelId: hotelID, draft }));
        }}
      />
    </div>
  );
}

export function UpdateRoomPage() {
  const { hotelID = '', roomID = '' } = useParams();
  const dispatch = useDispatch();
  const current = useSelector(selectOwnerRoom);
  const updated = useSelector(selectRoomUpdated);
  const room = useRoomSubmit();
  useEffect(() => {
    dispatch(ownerRoomsActions.roomRequested({ hotelId: hotelID, roomId: roomID }));
  }, [dispatch, hotelID, roomID]);
  const data = current.roomId === roomID ? current.data : null;
  const initial = useMemo(() => (data === null ? emptyRoomDraft() : draftFromRoom(data)), [data]);

  if (data === null) {
    if (current.roomId === roomID && current.status === 'failed') return <LoadError text={current.error ?? ui.errorFetchingRoomData} />;
    return <LoadingText />;
  }
  return (
    <div className="page owner-page">
      <h1>{ui.updateRoomTitle}</h1>
      <p className="muted lead">
        {data.hotelName} · {ui.roomUpdateHeading(data.roomStandard, roomTypeLabel(data.roomType))}
      </p>
      <RoomForm
        mode="update"
        initial={initial}
        currentImages={data.imageURLs}
        saving={room.saving}
        error={room.error}
        success={room.saved && updated ? ui.roomUpdatedNotice : null}
        onSubmit={(draft) => {
          room.markSubmitted();
          dispatch(ownerRoomsActions.submitted({ mode: 'update', hotelId: hotelID, roomId: roomID, draft }));
        }}
      />
      <p>
        <Link className="back-link" to={`/room-data/${hotelID}`}>
          {ui.roomsData}
        </Link>
      </p>
    </div>
  );
}

export function RoomDataPage() {
  const { hotelID = '' } = useParams();
  const dispatch = useDispatch();
  const { hotel } = useOwnerHotel(hotelID);
  const list = useSelector(selectOwnerRoomList);
  const rooms = useSelector(selectOwnerRooms);
  useEffect(() => {
    dispatch(ownerRoomsActions.listRequested({ hotelId: hotelID }));
  }, [dispatch, hotelID]);
  const name = hotel?.hotelName ?? rooms[0]?.hotelName ?? '';
  const status = list.hotelId === hotelID ? list.status : 'loading';
  return (
    <div className="page owner-page">
      <h1>{`${name} ${ui.ownerRoomsTitle}`.trim()}</h1>
      {(status === 'loading' || status === 'idle') && rooms.length === 0 && <LoadingText />}
      {status === 'failed' && <LoadError />}
      {status === 'succeeded' && rooms.length === 0 && (
        <p className="muted">
          {ui.noRoomsYet}{' '}
          <Link className={`${Classes.BUTTON} ${Classes.intentClass(Intent.SUCCESS)}`} to={`/add-room/${hotelID}`}>
            {ui.addRooms}
          </Link>
        </p>
      )}
      {rooms.length > 0 && <RoomCards rooms={rooms} hotelId={hotelID} />}
    </div>
  );
}
