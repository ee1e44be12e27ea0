/**
 * Reservation streams keep a key unique without locks: the stream of a key is created
 * with `no_stream`, so of two concurrent claims exactly one wins; a released key is
 * claimed again at the stream's current revision. The stream name says what is reserved:
 * `customeremail-{sha256}`, `owneremail-{sha256}`, `ownerhotel-{ownerId}`,
 * `roomlisting-{hotelId}-{sha256(type|standard)}`.
 */
export interface KeyReserved {
  readonly type: 'KeyReserved';
  /** `holder`: the id of what holds the key (an account, a hotel, a room). */
  readonly data: { readonly holder: string };
}

export interface KeyReleased {
  readonly type: 'KeyReleased';
  readonly data: { readonly holder: string };
}

export type KeyReservationEvent = KeyReserved | KeyReleased;
