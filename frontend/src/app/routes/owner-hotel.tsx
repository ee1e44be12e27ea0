/**
 * /add-hotel (titled ADD HOTEL) and /update-hotel/:hotelID (titled with the hotel name). A new
 * hotel leads on to adding its first room (guests find a hotel only once it has one); an
 * updated one to its page, as the spec says.
 */
import { messages, TERMS_BEFORE_POLICIES } from '@stays/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { CancellationPolicyForm } from '../../features/owner-hotel/components/CancellationPolicyForm.tsx';
import { HotelForm } from '../../features/owner-hotel/components/HotelForm.tsx';
import { draftFromHotel, emptyHotelDraft, type HotelDraft } from '../../features/owner-hotel/hotel-draft.ts';
import { selectOwnerHotelSubmit, selectPolicySubmit } from '../../features/owner-hotel/owner-hotel.selectors.ts';
import { ownerHotelActions } from '../../features/owner-hotel/owner-hotel.slice.ts';
import { useDispatch, useSelector } from 'react-redux';
import { LoadError, LoadingText, useNavigateAfterSave, useOwnerHotel } from './owner-common.tsx';

const ui = messages.ui;

function useHotelSubmit(nextPage: (hotelId: string) => string) {
  const dispatch = useDispatch();
  const submit = useSelector(selectOwnerHotelSubmit);
  const [submittedHere, setSubmittedHere] = useState(false);
  useEffect(() => {
    dispatch(ownerHotelActions.formOpened());
  }, [dispatch]);
  const saved = submittedHere && submit.status === 'saved';
  useNavigateAfterSave(saved, saved && submit.savedId !== null ? nextPage(submit.savedId) : null);
  return {
    saving: submit.status === 'saving',
    saved,
    error: submittedHere ? submit.error : null,
    success: saved ? submit.message : null,
    markSubmitted: () => setSubmittedHere(true),
  };
}

export function AddHotelPage() {
  const dispatch = useDispatch();
  const submit = useHotelSubmit((hotelId) => `/add-room/${hotelId}`);
  // A fresh draft once saved: the form is cleared.
  const initial = useMemo<HotelDraft>(() => emptyHotelDraft(), [submit.saved]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="page owner-page">
      <h1>{ui.addHotelTitle}</h1>
      <HotelForm
        mode="create"
        initial={initial}
        saving={submit.saving}
        error={submit.error}
        success={submit.success}
        onSubmit={(draft) => {
          submit.markSubmitted();
          dispatch(ownerHotelActions.submitted({ mode: 'create', draft }));
        }}
      />
    </div>
  );
}

export function UpdateHotelPage() {
  const { hotelID = '' } = useParams();
  const dispatch = useDispatch();
  const { status, hotel } = useOwnerHotel(hotelID);
  const submit = useHotelSubmit((hotelId) => `/view-hotel/${hotelId}`);
  const policySubmit = useSelector(selectPolicySubmit);
  const initial = useMemo(() => (hotel === null || submit.saved ? emptyHotelDraft() : draftFromHotel(hotel)), [hotel, submit.saved]);
  if (hotel === null) return status === 'loading' || status === 'idle' ? <LoadingText /> : <LoadError />;
  return (
    <div className="page owner-page">
      <h1>{hotel.hotelName}</h1>
      <HotelForm
        mode="update"
        initial={initial}
        currentImages={submit.saved ? [] : hotel.imageURLs}
        saving={submit.saving}
        error={submit.error}
        success={submit.success}
        onSubmit={(draft) => {
          submit.markSubmitted();
          dispatch(ownerHotelActions.submitted({ mode: 'update', hotelId: hotelID, draft }));
        }}
      />
      <CancellationPolicyForm
        policy={hotel.cancellationPolicy ?? TERMS_BEFORE_POLICIES}
        saving={policySubmit.status === 'saving'}
        error={policySubmit.error}
        success={policySubmit.message}
        onSubmit={(draft) => dispatch(ownerHotelActions.policySubmitted({ hotelId: hotelID, draft }))}
      />
    </div>
  );
}
