/**
 * Every city's occupancy and revenue for a month, on the audit dashboard: a month picker
 * (the last 12 months and the next 3, and the opening month if it is further), the cities
 * as a chart and as a table. It opens on the month the read model names
 * (`auditOccupancyOpeningMonth`: the current one when it has bookings, else the latest with
 * some) and says so when that is not the current month. Loaded lazily with its chart library.
 */
import { Callout, Card, FormGroup, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { indiaToday, occupancyMessages, type OccupancyOpeningMonth } from '@stays/contracts';
import { useId, useMemo, useState } from 'react';
import { errorText } from '../../lib/errors.ts';
import { FiguresTable } from './FiguresTable.tsx';
import { monthName } from './labels.ts';
import { OccupancyChart, type ChartRow } from './OccupancyChart.tsx';
import { occupancyApi } from './occupancy-api.ts';
import { useFigures } from './use-figures.ts';
import './occupancy.css';

const texts = occupancyMessages;
const MONTHS_BACK = 11;
const MONTHS_AHEAD = 3;

/** YYYY-MM of the current month in India and `back` months before it to `ahead` after, newest first. */
function monthsAround(back: number, ahead: number): string[] {
  const today = indiaToday(new Date());
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: back + ahead + 1 }, (_, index) => new Date(Date.UTC(year, month + ahead - index, 1)).toISOString().slice(0, 7));
}

/** Why the view shows the month it opened on, when that is not plain (nothing when it is the current month with bookings). */
function openingNote(opening: OccupancyOpeningMonth): string | null {
  if (!opening.withBookings) return texts.noBookingsYet;
  if (opening.month < opening.current) return texts.openedOnLatest(opening.month);
  if (opening.month > opening.current) return texts.openedOnNext(opening.month);
  return null;
}

export default function CityOccupancy() {
  const opening = useFigures(occupancyApi.openingMonth, 'opening month');
  return (
    <Card className="occupancy audit-section" aria-labelledby="city-occupancy-title">
      <h2 id="city-occupancy-title">{texts.citiesTitle}</h2>
      {opening.status === 'loading' && <Spinner size={24} aria-label={texts.citiesTitle} />}
      {/* without the opening month, the view still opens, on the current one */}
      {opening.status !== 'loading' && <CitiesByMonth opening={opening.status === 'loaded' ? opening.data : null} />}
    </Card>
  );
}

function CitiesByMonth({ opening }: { opening: OccupancyOpeningMonth | null }) {
  const around = useMemo(() => monthsAround(MONTHS_BACK, MONTHS_AHEAD), []);
  const months = useMemo(() => (opening === null || around.includes(opening.month) ? around : [...around, opening.month].sort().reverse()), [around, opening]);
  const [month, setMonth] = useState(opening?.month ?? around[MONTHS_AHEAD]!);
  const figures = useFigures((signal) => occupancyApi.ofCities(month, signal), month);
  const pickerId = useId();
  const note = opening !== null && month === opening.month ? openingNote(opening) : null;
  const rows: ChartRow[] = figures.status === 'loaded' ? figures.data.cities.map((city) => ({ ...city, key: city.city, label: city.city })) : [];
  return (
    <>
      <FormGroup label={texts.monthLabel} labelFor={pickerId} inline>
        <HTMLSelect
          id={pickerId}
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
          options={months.map((value) => ({ value, label: monthName(value) }))}
        />
      </FormGroup>
      {note !== null && (
        <p className="occupancy-opening" role="status">
          {note}
        </p>
      )}
      {figures.status === 'loading' && <Spinner size={24} aria-label={texts.citiesTitle} />}
      {figures.status === 'failed' && <Callout intent={Intent.WARNING}>{errorText(figures.error, texts.loadFailed)}</Callout>}
      {figures.status === 'loaded' && rows.length === 0 && <p className="muted">{texts.noCities}</p>}
      {rows.length > 0 && (
        <>
          <OccupancyChart title={`${texts.citiesTitle}, ${monthName(month)}`} rows={rows} counts="unit-nights" layout="rows" />
          <p className="muted occupancy-note">{texts.unitNightsNote}</p>
          <FiguresTable caption={texts.citiesTableCaption(monthName(month))} periodLabel={texts.cityLabel} rows={rows} counts="unit-nights" />
        </>
      )}
    </>
  );
}
