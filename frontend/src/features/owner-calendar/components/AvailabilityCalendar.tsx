/**
 * A listing's availability calendar under ROOM's DATA: month by month from today, each
 * night's free, booked and closed units; a form to close a range of nights (picked on
 * the calendar or typed) and the closures, each with its Reopen button.
 */
import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { calendarSyncMessages, closureLimits, closureMessages, type CalendarClosure, type RoomCalendar } from '@stays/contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { monthsOf } from '../calendar-months.ts';
import type { CloseNightsForm } from '../api/owner-calendar-api.ts';
import type { OwnerCalendarState } from '../owner-calendar.slice.ts';
import { MonthGrid, type Picked } from './MonthGrid.tsx';
import '../owner-calendar.css';

const texts = closureMessages;

export interface AvailabilityCalendarProps {
  readonly roomId: string;
  readonly calendar: RoomCalendar;
  readonly change: OwnerCalendarState['change'];
  readonly onClose: (form: CloseNightsForm) => void;
  readonly onReopen: (closure: CalendarClosure, range: string) => void;
}

const closureRange = (closure: CalendarClosure) => texts.closureRange(closure.nights[0]!, closure.nights[closure.nights.length - 1]!, closure.nights.length);

export function AvailabilityCalendar({ roomId, calendar, change, onClose, onReopen }: AvailabilityCalendarProps) {
  const months = useMemo(() => monthsOf(calendar.nights), [calendar.nights]);
  const [monthIndex, setMonthIndex] = useState(0);
  const [picked, setPicked] = useState<Picked>({ from: '', to: '' });
  const [units, setUnits] = useState(1);
  const [note, setNote] = useState('');
  const [missingRange, setMissingRange] = useState(false);
  const month = months[Math.min(monthIndex, months.length - 1)]!;
  // once nights are closed, the range picked for them and its note are done with
  const closedNow = change.status === 'saved' && change.kind === 'close';
  useEffect(() => {
    if (!closedNow) return;
    setPicked({ from: '', to: '' });
    setNote('');
  }, [closedNow]);
  const first = calendar.nights[0]?.date ?? '';
  const last = calendar.nights[calendar.nights.length - 1]?.date ?? '';

  // a first pick starts a range; a later night ends it; an earlier one starts it again
  const pick = (date: string) =>
    setPicked((current) => (current.from === '' || current.to !== '' || date < current.from ? { from: date, to: '' } : { from: current.from, to: date }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.from === '') {
      setMissingRange(true);
      return;
    }
    setMissingRange(false);
    const trimmed = note.trim();
    onClose({ roomID: roomId, from: picked.from, to: picked.to === '' ? picked.from : picked.to, units, ...(trimmed !== '' && { note: trimmed }) });
  };

  return (
    <div className="owner-calendar">
      <p className="muted">{texts.calendarIntro(closureLimits.horizonDays)}</p>
      <ul className="calendar-legend" aria-label={texts.legendLabel}>
        <li className="calendar-legend--free">{texts.keyAllFree}</li>
        <li className="calendar-legend--some">{texts.keySomeTaken}</li>
        <li className="calendar-legend--full">{texts.keyNoneFree}</li>
        <li className="calendar-legend--closed">{texts.keyClosed}</li>
      </ul>
      {change.message !== null && (
        <Callout
          intent={change.status === 'failed' ? Intent.DANGER : Intent.SUCCESS}
          role={change.status === 'failed' ? 'alert' : 'status'}
          className="calendar-outcome"
        >
          {change.message}
        </Callout>
      )}
      <div className="calendar-layout">
        <section className="calendar-months" aria-labelledby="calendar-month-title">
          <div className="calendar-nav">
            <Button
              icon="chevron-left"
              aria-label={texts.previousMonth}
              title={texts.previousMonth}
              disabled={monthIndex === 0}
              onClick={() => setMonthIndex(monthIndex - 1)}
            />
            <h2 id="calendar-month-title" aria-live="polite">
              {month.title}
            </h2>
            <Button
              icon="chevron-right"
              aria-label={texts.nextMonth}
              title={texts.nextMonth}
              disabled={monthIndex >= months.length - 1}
              onClick={() => setMonthIndex(monthIndex + 1)}
            />
          </div>
          <MonthGrid month={month} picked={picked} onPick={pick} />
        </section>
        <div className="calendar-side">
          <Card className="calendar-close">
            <h2>{texts.closeTitle}</h2>
            <p className="muted">{texts.closeHelp}</p>
            <form onSubmit={submit} noValidate>
              <div className="calendar-range">
                <FormGroup label={texts.closeFrom} labelFor="close-from">
                  <InputGroup
                    id="close-from"
                    type="date"
                    min={first}
                    max={last}
                    value={picked.from}
                    onChange={(event) => setPicked({ from: event.target.value, to: picked.to !== '' && picked.to < event.target.value ? '' : picked.to })}
                  />
                </FormGroup>
                <FormGroup label={texts.closeTo} labelFor="close-to">
                  <InputGroup
                    id="close-to"
                    type="date"
                    min={picked.from || first}
                    max={last}
                    value={picked.to}
                    onChange={(event) => setPicked({ ...picked, to: event.target.value })}
                  />
                </FormGroup>
              </div>
              <FormGroup label={texts.closeUnits} labelFor="close-units">
                <HTMLSelect id="close-units" value={units} onChange={(event) => setUnits(Number(event.target.value))} fill>
                  {Array.from({ length: calendar.totalUnits }, (_, index) => (
                    <option key={index + 1} value={index + 1}>
                      {index + 1}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              <FormGroup label={texts.closeNote} labelFor="close-note">
                <InputGroup
                  id="close-note"
                  maxLength={closureLimits.noteMax}
                  placeholder={texts.closeNotePlaceholder}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                />
              </FormGroup>
              {missingRange && (
                <p className="error-text" role="alert">
                  {texts.closeMissingRange}
                </p>
              )}
              <Button type="submit" intent={Intent.WARNING} loading={change.status === 'saving' && change.kind === 'close'} fill>
                {texts.closeSubmit}
              </Button>
            </form>
          </Card>
          <Card className="calendar-closures">
            <h2>{texts.closuresTitle}</h2>
            {calendar.closures.length === 0 ? (
              <p className="muted">{texts.noClosures}</p>
            ) : (
              <ul>
                {calendar.closures.map((closure) => {
                  const range = closureRange(closure);
                  return (
                    <li key={closure.closureID}>
                      <div>
                        <strong>{range}</strong>
                        <span className="muted"> · {texts.closureUnits(closure.units)}</span>
                        {closure.note !== undefined && <div className="muted">{closure.note}</div>}
                      </div>
                      {closure.source.kind === 'owner' ? (
                        <Button
                          aria-label={texts.reopenLabel(range)}
                          disabled={change.status === 'saving'}
                          onClick={() => onReopen(closure, range)}
                          size="small"
                        >
                          {texts.reopen}
                        </Button>
                      ) : (
                        // nights another site's calendar blocks leave when that site frees them
                        <span className="muted">{calendarSyncMessages.source('calendar')}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
