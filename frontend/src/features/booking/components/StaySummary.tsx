/**
 * The right card (spec sections 2, 4 and 9): hotel summary with the fifth image, the
 * stay's check-in and check-out (check-in tomorrow to 365 days ahead; the nights counter and
 * the range move together), type before standard, counters, whether the listing is free for
 * the stay (or sleeps too few), and the price breakdown — every figure from the contracts rules.
 */
import { Card, FormGroup, HTMLSelect } from '@blueprintjs/core';
import {
  addressWithCity,
  checkOutOf,
  describePolicyForBooking,
  formatRupees,
  formatDiscount,
  displayedTax,
  limits,
  messages,
  quoteStay,
  ROOM_TYPES,
  roomTypeLabel,
  struckThroughPrice,
  TERMS_BEFORE_POLICIES,
  unitsBooked,
  type RoomType,
  type Stay,
} from '@stays/contracts';
import { useId } from 'react';
import { CancellationPolicyNote } from '../../../components/CancellationPolicyNote.tsx';
import { Counter } from '../../../components/Counter.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { StayPicker } from '../../../components/StayPicker.tsx';
import { VerdictLine } from '../../../components/VerdictLine.tsx';
import type { Hotel, Room } from '../../../lib/models.ts';
import type { RoomVerdict } from '../../../lib/room-verdict.ts';

const ui = messages.ui;
const MIN = limits.minRoomsGuestsNights;

export interface StayDraft {
  readonly date: string;
  readonly roomType: RoomType | null;
  readonly roomId: string | null;
  readonly guests: number;
  readonly rooms: number;
  readonly nights: number;
}

/** The stay the draft books: the units it takes (a Flat is one), for the availability check and booking. */
export const stayOf = (draft: StayDraft): Stay => ({
  checkIn: draft.date,
  nights: draft.nights,
  rooms: draft.roomType === null ? draft.rooms : unitsBooked(draft.roomType, draft.rooms),
  guests: draft.guests,
});

export function quoteOf(draft: StayDraft, room: Room | undefined) {
  if (room === undefined || draft.roomType === null) return null;
  return quoteStay({
    roomType: draft.roomType,
    pricePerNight: room.pricePerNight,
    numberOfGuests: draft.guests,
    numberOfNights: draft.nights,
    numberOfRooms: draft.rooms,
  });
}

interface StaySummaryProps {
  readonly hotel: Hotel;
  readonly roomsOfType: readonly Room[];
  readonly draft: StayDraft;
  readonly onChange: (draft: StayDraft) => void;
  readonly locked: boolean;
  /** Why the start date is not the one asked for (a stale or out-of-range date moved), shown under it. */
  readonly dateNote?: string | null;
  /** The chosen listing's verdict for the stay; null before a standard is chosen. */
  readonly verdict?: RoomVerdict | null;
}

export function StaySummary({ hotel, roomsOfType, draft, onChange, locked, dateNote = null, verdict = null }: StaySummaryProps) {
  const ids = { type: useId(), standard: useId() };
  const room = roomsOfType.find((r) => r._id === draft.roomId);
  const quote = quoteOf(draft, room);
  const image = hotel.imageURLs[limits.bookingSummaryImageIndex] ?? hotel.imageURLs[0];
  const set = (patch: Partial<StayDraft>) => onChange({ ...draft, ...patch });

  return (
    <Card className="stay-summary" elevation={1}>
      {image !== undefined && <img src={image} alt={ui.hotelPhoto(hotel.hotelName)} className="summary-image" />}
      <h2>{hotel.hotelName}</h2>
      <p className="muted">{addressWithCity(hotel.address, hotel.city)}</p>
      <fieldset disabled={locked} className="summary-fields">
        <StayPicker
          stay={stayOf(draft)}
          onChange={(stay) => set({ date: stay.checkIn, nights: stay.nights })}
          disabled={locked}
          showNights={false}
          className="summary-stay"
        />
        <p className="muted stay-dates-text" aria-live="polite">
          {ui.stayDates(draft.date, checkOutOf({ checkIn: draft.date, nights: draft.nights }), draft.nights)}
        </p>
        <Notice ok={false} text={dateNote} />
        <FormGroup label={ui.roomTypeLabel} labelFor={ids.type}>
          <HTMLSelect
            id={ids.type}
            fill
            value={draft.roomType ?? ''}
            onChange={(e) => set({ roomType: (e.target.value || null) as RoomType | null, roomId: null, rooms: MIN })}
            options={[{ value: '', label: ui.chooseRoomType }, ...ROOM_TYPES.map((type) => ({ value: type, label: roomTypeLabel(type) }))]}
          />
        </FormGroup>
        {draft.roomType !== null && (
          <FormGroup label={ui.roomStandardLabel} labelFor={ids.standard}>
            <HTMLSelect
              id={ids.standard}
              fill
              value={draft.roomId ?? ''}
              onChange={(e) => set({ roomId: e.target.value || null })}
              options={[
                { value: '', label: ui.chooseRoomStandard },
                ...roomsOfType.map((r) => ({ value: r._id, label: `${r.roomStandard} (${formatRupees(r.pricePerNight)})` })),
              ]}
            />
          </FormGroup>
        )}
        <div className="counters">
          <Counter label={ui.guestsLabel} value={draft.guests} min={MIN} onChange={(guests) => set({ guests })} />
          {draft.roomType === 'Room' && (
            <Counter label={ui.roomsLabel} value={draft.rooms} min={MIN} max={limits.maxRoomsPerBooking} onChange={(rooms) => set({ rooms })} />
          )}
          <Counter label={ui.nightsLabel} value={draft.nights} min={MIN} max={limits.maxNightsPerBooking} onChange={(nights) => set({ nights })} />
        </div>
        {verdict !== null && <VerdictLine verdict={verdict} stay={stayOf(draft)} onMoveCheckIn={locked ? undefined : (date) => set({ date })} />}
      </fieldset>
      {room !== undefined && quote !== null && (
        <section className="breakdown" aria-label={ui.priceBreakdownTitle}>
          <h3>{ui.priceBreakdownTitle}</h3>
          <dl>
            <div>
              <dt>{ui.roomPriceLabel(room.roomType)}</dt>
              <dd>
                <s className="muted">{formatRupees(struckThroughPrice(room.pricePerNight))}</s> {formatRupees(room.pricePerNight)}
              </dd>
            </div>
            <div>
              <dt>{ui.taxLabel}</dt>
              <dd>{formatRupees(displayedTax(room.pricePerNight))}</dd>
            </div>
            <div>
              <dt>
                {ui.totalLabel}{' '}
                <span className="muted formula">
                  ({ui.totalFormula(formatRupees(room.pricePerNight), draft.guests, room.roomType === 'Room' ? draft.rooms : null, draft.nights)})
                </span>
              </dt>
              <dd data-testid="total-amount">{formatRupees(quote.totalAmount)}</dd>
            </div>
            <div>
              <dt>{ui.instantDiscountLabel}</dt>
              <dd className="discount">{formatDiscount(quote.discountAmount)}</dd>
            </div>
            <div className="payable">
              <dt>{ui.payableLabel}</dt>
              <dd data-testid="payable-amount">{formatRupees(quote.payableAmount)}</dd>
            </div>
          </dl>
        </section>
      )}
      {quote !== null && (
        <CancellationPolicyNote
          level={3}
          className="policy-note"
          text={describePolicyForBooking(hotel.cancellationPolicy ?? TERMS_BEFORE_POLICIES, {
            dateOfCommencement: draft.date,
            numberOfNights: draft.nights,
            payableAmount: quote.payableAmount,
          })}
        />
      )}
    </Card>
  );
}
