/**
 * One month of a listing's calendar: a night per cell saying in words what is free, booked
 * and closed (its colour says the same); a night is picked as the first or the last of a
 * range to close. Wide screens show a week per row; narrow ones a night per row (owner-calendar.css).
 */
import { closureMessages } from '@stays/contracts';
import { nightName, nightState, WEEKDAYS, weekdayShort, type CalendarMonth } from '../calendar-months.ts';

const texts = closureMessages;

export interface Picked {
  readonly from: string;
  readonly to: string;
}

const inRange = (date: string, picked: Picked) => picked.from !== '' && date >= picked.from && date <= (picked.to === '' ? picked.from : picked.to);

export function MonthGrid({ month, picked, onPick }: { month: CalendarMonth; picked: Picked; onPick: (date: string) => void }) {
  return (
    <div className="calendar-month" role="group" aria-label={month.title}>
      <div className="calendar-weekdays" aria-hidden="true">
        {WEEKDAYS.map((day) => (
          <span key={day}>{day}</span>
        ))}
      </div>
      <ol className="calendar-grid">
        {Array.from({ length: month.leadingBlanks }, (_, index) => (
          <li key={`blank-${index}`} className="calendar-blank" aria-hidden="true" />
        ))}
        {month.nights.map((night) => (
          <li key={night.date}>
            <button
              type="button"
              className={`calendar-night calendar-night--${nightState(night)}${night.closed > 0 ? ' calendar-night--closed' : ''}`}
              aria-pressed={inRange(night.date, picked)}
              onClick={() => onPick(night.date)}
            >
              {/* read out as 'Friday, 25 December 2026: 1 free, 0 booked, 2 closed' (the cells are flex items, so each part is a word of its own); a zero count is shown to the eye only by its absence */}
              <span className="sr-only">{nightName(night.date)}: </span>
              <span className="calendar-day" aria-hidden="true">
                <span className="calendar-weekday">{weekdayShort(night.date)} </span>
                {Number(night.date.slice(8))}
              </span>
              <span className="calendar-count calendar-count--free">
                {night.free} {texts.legendFree}
                <span className="sr-only">,</span>
              </span>
              <span className={night.booked > 0 ? 'calendar-count calendar-count--booked' : 'sr-only'}>
                {night.booked} {texts.legendBooked}
                <span className="sr-only">,</span>
              </span>
              <span className={night.closed > 0 ? 'calendar-count calendar-count--closed' : 'sr-only'}>
                {night.closed} {texts.legendClosed}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
