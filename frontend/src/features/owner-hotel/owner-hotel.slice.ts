/**
 * The owner's hotel: which hotel the signed-in owner has (GET owner hotel id), the hotel
 * being edited or named on owner pages, and the add/update submit.
 */
import type { CancellationPolicy } from '@stays/contracts';
import type { Hotel, LoadStatus } from '../../lib/models.ts';
import type { HotelDraft, HotelFormMode } from './hotel-draft.ts';
import type { PolicyDraft } from './policy-draft.ts';

export type SubmitStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface OwnerHotelState {
  /** The owner's hotel id: null before the owner adds a hotel. */
  readonly own: { readonly status: LoadStatus; readonly hotelId: string | null };
  readonly hotel: { readonly hotelId: string | null; readonly status: LoadStatus | 'notFound'; readonly data: Hotel | null };
  readonly submit: { readonly status: SubmitStatus; readonly error: string | null; readonly message: string | null; readonly savedId: string | null };
  /** The cancellation policy form's submit. */
  readonly policy: { readonly status: SubmitStatus; readonly error: string | null; readonly message: string | null };
}

const initialOwnerHotelState: OwnerHotelState = {
  own: { status: 'idle', hotelId: null },
  hotel: { hotelId: null, status: 'idle', data: null },
  submit: { status: 'idle', error: null, message: null, savedId: null },
  policy: { status: 'idle', error: null, message: null },
};

export type HotelSubmit =
  { readonly mode: 'create'; readonly draft: HotelDraft } | { readonly mode: 'update'; readonly hotelId: string; readonly draft: HotelDraft };

export const ownerHotelActions = {
  ownHotelRequested: () => ({ type: 'ownerHotel/ownHotelRequested' as const }),
  ownHotelLoaded: (payload: { hotelId: string | null }) => ({ type: 'ownerHotel/ownHotelLoaded' as const, payload }),
  ownHotelFailed: () => ({ type: 'ownerHotel/ownHotelFailed' as const }),
  hotelRequested: (payload: { hotelId: string }) => ({ type: 'ownerHotel/hotelRequested' as const, payload }),
  hotelLoaded: (payload: { hotel: Hotel }) => ({ type: 'ownerHotel/hotelLoaded' as const, payload }),
  hotelFailed: (payload: { hotelId: string; notFound: boolean }) => ({ type: 'ownerHotel/hotelFailed' as const, payload }),
  submitted: (payload: HotelSubmit) => ({ type: 'ownerHotel/submitted' as const, payload }),
  saved: (payload: { hotelId: string; message: string; mode: HotelFormMode }) => ({ type: 'ownerHotel/saved' as const, payload }),
  saveFailed: (payload: { message: string }) => ({ type: 'ownerHotel/saveFailed' as const, payload }),
  policySubmitted: (payload: { hotelId: string; draft: PolicyDraft }) => ({ type: 'ownerHotel/policySubmitted' as const, payload }),
  policySaved: (payload: { hotelId: string; policy: CancellationPolicy; message: string }) => ({ type: 'ownerHotel/policySaved' as const, payload }),
  policyFailed: (payload: { message: string }) => ({ type: 'ownerHotel/policyFailed' as const, payload }),
  /** A form opened: forget the last outcome. */
  formOpened: () => ({ type: 'ownerHotel/formOpened' as const }),
};

/** Session events (by type, features do not import each other): the owner's data is dropped. */
type SessionEnded = { readonly type: 'session/signedOut' | 'session/deleted' | 'session/expired' | 'session/signedIn' };

export type OwnerHotelAction = ReturnType<(typeof ownerHotelActions)[keyof typeof ownerHotelActions]>;

export function ownerHotelReducer(state: OwnerHotelState = initialOwnerHotelState, action: { type: string }): OwnerHotelState {
  const a = action as OwnerHotelAction | SessionEnded;
  switch (a.type) {
    case 'ownerHotel/ownHotelRequested':
      return { ...state, own: { ...state.own, status: 'loading' } };
    case 'ownerHotel/ownHotelLoaded':
      return { ...state, own: { status: 'succeeded', hotelId: a.payload.hotelId } };
    case 'ownerHotel/ownHotelFailed':
      return { ...state, own: { status: 'failed', hotelId: null } };
    case 'ownerHotel/hotelRequested':
      return { ...state, hotel: { hotelId: a.payload.hotelId, status: 'loading', data: state.hotel.hotelId === a.payload.hotelId ? state.hotel.data : null } };
    case 'ownerHotel/hotelLoaded':
      return { ...state, hotel: { hotelId: a.payload.hotel._id, status: 'succeeded', data: a.payload.hotel } };
    case 'ownerHotel/hotelFailed':
      return { ...state, hotel: { hotelId: a.payload.hotelId, status: a.payload.notFound ? 'notFound' : 'failed', data: null } };
    case 'ownerHotel/submitted':
      return { ...state, submit: { status: 'saving', error: null, message: null, savedId: null } };
    case 'ownerHotel/saved':
      return {
        ...state,
        own: { status: 'succeeded', hotelId: a.payload.hotelId },
        submit: { status: 'saved', error: null, message: a.payload.message, savedId: a.payload.hotelId },
      };
    case 'ownerHotel/saveFailed':
      return { ...state, submit: { status: 'failed', error: a.payload.message, message: null, savedId: null } };
    case 'ownerHotel/policySubmitted':
      return { ...state, policy: { status: 'saving', error: null, message: null } };
    case 'ownerHotel/policySaved': {
      const { hotelId, policy, message } = a.payload;
      const data = state.hotel.data?._id === hotelId ? { ...state.hotel.data, cancellationPolicy: policy } : state.hotel.data;
      return { ...state, hotel: { ...state.hotel, data }, policy: { status: 'saved', error: null, message } };
    }
    case 'ownerHotel/policyFailed':
      return { ...state, policy: { status: 'failed', error: a.payload.message, message: null } };
    case 'ownerHotel/formOpened':
      return { ...state, submit: initialOwnerHotelState.submit, policy: initialOwnerHotelState.policy };
    case 'session/signedOut':
    case 'session/deleted':
    case 'session/expired':
    case 'session/signedIn':
      return initialOwnerHotelState;
    default:
      return state;
  }
}
