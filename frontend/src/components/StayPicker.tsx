/**
 * The stay as a guest picks it: check-in and check-out on Blueprint's date range input (one
 * month on a phone), the nights between them, and (where the page has no counters of its own)
 * a rooms-and-guests button whose text is the spec's '1 Room, 1 Guest' box for any counts.
 * Check-ins run from the earliest bookable day (tomorrow in India) to the booking horizon;
 * a range is taken once both ends are picked, and a half-picked one is dropped when the
 * calendar closes. The calendar code loads on first render, behind plain inputs showing the
 * same dates.
 */
import { Button, Classes, InputGroup, Popover } from '@blueprintjs/core';
import type { DateRange } from '@blueprintjs/datetime';
import { addDays, bookableCommencement, checkOutOf, latestCommencement, limits, messages, type Stay } from '@stays/contracts';
import { lazy, Suspense, useState } from 'react';
import { earliestBookable, isoDate, parseIsoDate } from '../lib/dates.ts';
import { stayWithDates } from '../lib/stay.ts';
import { useWindowWidth } from '../lib/use-window-width.ts';
import { Counter } from './Counter.tsx';

const DateRange = lazy(() => import('./DateRangeLazy.tsx'));
const ui = messages.ui;
const MIN = limits.minRoomsGuestsNights;
/** Narrower than this, the calendar shows one month (two do not fit a phone). */
const TWO_MONTHS_MIN_WIDTH = 640;

/** 'Sun, 6 Dec 2026': short weekday, day, month and year (what the spec's date tile showed), short enough for a phone. */
const shown = (date: Date) =>
  `${date.toLocaleDateString('en-IN', { weekday: 'short' })}, ${date.getDate()} ${date.toLocaleDateString('en-IN', { month: 'short' })} ${date.getFullYear()}`;

interface StayPickerProps {
  readonly stay: Stay;
  readonly onChange: (stay: Stay) => void;
  /** Offer the rooms and guests counters in a popover (pages without their own counters). */
  readonly withGuests?: boolean;
  readonly disabled?: boolean;
  /** Say the nights beside the dates (off where the page says them itself). */
  readonly showNights?: boolean;
  /** Large controls, beside the search box's. */
  readonly large?: boolean;
  readonly className?: string;
}

export function StayPicker({ stay, onChange, withGuests = false, disabled = false, showNights = true, large = false, className }: StayPickerProps) {
  const [draft, setDraft] = useState<DateRange | null>(null);
  const oneMonth = useWindowWidth() < TWO_MONTHS_MIN_WIDTH;
  const checkIn = parseIsoDate(stay.checkIn);
  const checkOut = parseIsoDate(checkOutOf(stay));
  const latest = latestCommencement(new Date());

  const picked = ([start, end]: DateRange) => {
    if (start !== null && end !== null && start < end) {
      setDraft(null);
      const from = bookableCommencement(isoDate(start), new Date()).date;
      onChange(stayWithDates(stay, from, isoDate(end) > from ? isoDate(end) : addDays(from, stay.nights)));
    } else setDraft([start, end]);
  };

  return (
    <div className={`stay-picker${className === undefined ? '' : ` ${className}`}`}>
      <div className="stay-dates">
        <Suspense
          fallback={
            <div className={`${Classes.CONTROL_GROUP} stay-dates-placeholder`} role="group" aria-label={ui.stayDatesGroup}>
              <InputGroup aria-label={ui.checkInDate} value={shown(checkIn)} size={large ? 'large' : 'medium'} disabled readOnly />
              <InputGroup aria-label={ui.checkOutDate} value={shown(checkOut)} size={large ? 'large' : 'medium'} disabled readOnly />
            </div>
          }
        >
          <DateRange
            groupLabel={ui.stayDatesGroup}
            value={draft ?? [checkIn, checkOut]}
            onChange={picked}
            minDate={parseIsoDate(earliestBookable())}
            maxDate={parseIsoDate(addDays(latest, limits.maxNightsPerBooking))}
            formatDate={shown}
            parseDate={(text) => {
              const date = new Date(text);
              return Number.isNaN(date.getTime()) ? false : date;
            }}
            singleMonthOnly={oneMonth}
            shortcuts={false}
            allowSingleDayRange={false}
            disabled={disabled}
            invalidDateMessage={ui.invalidStayDate}
            outOfRangeMessage={ui.invalidStayDate}
            startInputProps={{ 'aria-label': ui.checkInDate, size: large ? 'large' : 'medium' }}
            endInputProps={{ 'aria-label': ui.checkOutDate, size: large ? 'large' : 'medium' }}
            popoverProps={{ placement: 'bottom-start', onClose: () => setDraft(null) }}
          />
        </Suspense>
        {showNights && (
          <span className="stay-nights" aria-live="polite">
            {ui.nightsCount(stay.nights)}
          </span>
        )}
      </div>
      {withGuests && <RoomsAndGuests stay={stay} onChange={onChange} disabled={disabled} large={large} />}
    </div>
  );
}

function RoomsAndGuests({ stay, onChange, disabled, large }: { stay: Stay; onChange: (stay: Stay) => void; disabled: boolean; large: boolean }) {
  return (
    <Popover
      placement="bottom-end"
      disabled={disabled}
      content={
        <div className="rooms-guests">
          <Counter label={ui.roomsLabel} value={stay.rooms} min={MIN} max={limits.maxRoomsPerBooking} onChange={(rooms) => onChange({ ...stay, rooms })} />
          <Counter label={ui.guestsLabel} value={stay.guests} min={MIN} max={limits.maxGuestsPerBooking} onChange={(guests) => onChange({ ...stay, guests })} />
        </div>
      }
    >
      {/* The visible text is the start of the accessible name ('Rooms and guests: 1 Room, 1 Guest'). */}
      <Button
        icon="people"
        className="rooms-guests-button"
        size={large ? 'large' : 'medium'}
        disabled={disabled}
        aria-label={ui.roomsAndGuestsButton(stay.rooms, stay.guests)}
        text={ui.roomsAndGuests(stay.rooms, stay.guests)}
      />
    </Popover>
  );
}
