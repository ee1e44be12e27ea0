/**
 * A stay's start date shown as a tile (short weekday, day, month and year) that opens a
 * calendar in a popover and closes it on selection. The calendar offers only the days a
 * stay may start (contracts: tomorrow in India up to the booking horizon). The calendar
 * code loads on first open.
 */
import { Popover, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { latestCommencement } from '@stays/contracts';
import { earliestBookable, isoDate, parseIsoDate, tileDate } from '../lib/dates.ts';

const DatePicker = lazy(() => import('./DatePickerLazy.tsx'));

interface DateFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (iso: string) => void;
  readonly compact?: boolean;
}

export function DateField({ label, value, onChange, compact = false }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const tile = tileDate(value);
  return (
    <Popover
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-start"
      content={
        <Suspense fallback={<div className="date-loading"><Spinner size={24} /></div>}>
          <DatePicker
            value={parseIsoDate(value)}
            minDate={parseIsoDate(earliestBookable())}
            maxDate={parseIsoDate(latestCommencement(new Date()))}
            highlightCurrentDay
            onChange={(date, isUserChange) => {
              if (date === null || !isUserChange) return;
              onChange(isoDate(date));
              setOpen(false);
            }}
          />
        </Suspense>
      }
    >
      {/* The accessible name is the visible text (label, day, weekday, month and year), so speech input finds the tile by what it shows. */}
      <button type="button" className={compact ? 'date-tile compact' : 'date-tile'}>
        <span className="date-tile-label">{label}</span>{' '}
        <time className="date-tile-value" dateTime={value}>
          <strong className="date-day">{tile.day}</strong>{' '}
          <span className="date-rest">
            <span>{tile.weekday}</span>{' '}
            <span>{tile.monthYear}</span>
          </span>
        </time>
      </button>
    </Popover>
  );
}
