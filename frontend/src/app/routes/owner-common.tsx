/** Pieces the owner pages share: the hotel named in the URL, and a delayed navigation after a save. */
import { Spinner } from '@blueprintjs/core';
import { messages, timings } from '@stays/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectOwnerHotelFor } from '../../features/owner-hotel/owner-hotel.selectors.ts';
import { ownerHotelActions } from '../../features/owner-hotel/owner-hotel.slice.ts';
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from '../store.ts';

/** Loads hotel `hotelId` for an owner page (title, update form) and returns it with its status. */
export function useOwnerHotel(hotelId: string) {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(ownerHotelActions.hotelRequested({ hotelId }));
  }, [dispatch, hotelId]);
  return useSelector((state: RootState) => selectOwnerHotelFor(state, hotelId));
}

/** After a save this page started: show the message, then go to `to` (the spec's short redirect delay). */
export function useNavigateAfterSave(saved: boolean, to: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!saved || to === null) return undefined;
    const timer = setTimeout(() => navigate(to), timings.redirectAfterAuthMs);
    return () => clearTimeout(timer);
  }, [saved, to, navigate]);
}

export const LoadingText = () => (
  <p className="page loading-text">
    <Spinner size={16} /> {messages.ui.loading}
  </p>
);
export const LoadError = ({ text = messages.ui.errorWhileLoadingData }: { text?: string }) => (
  <p className="page error-text" role="alert">
    {text}
  </p>
);
