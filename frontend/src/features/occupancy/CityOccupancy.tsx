/**
 * Every city's occupancy and revenue for a month, on the audit dashboard: a month picker
 * (the last 12 months and the next 3), the cities as a chart and as a table. Loaded
 * lazily with its chart library.
 */
import { Callout, Card, FormGroup, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { indiaToday, occupancyMessages } from '@stays/contracts';
import { useId, useMemo, useState } from 'react';
import { errorText } from '../../lib/errors.ts';
import { monthName } from './labels.ts';
import { FiguresTable, OccupancyChart, type ChartRow } from './OccupancyChart.tsx';
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

export default function CityOccupancy() {
  const months = useMemo(() => monthsAround(MONTHS_BACK, MONTHS_AHEAD), []);
  const [month, setMonth] = useState(months[MONTHS_AHEAD]!);
  const figures = useFigures((signal) => occupancyApi.ofCities(month, signal), month);
  const pickerId = useId();
  const rows: ChartRow[] = figures.status === 'loaded' ? figures.data.cities.map((city) => ({ ...city, key: city.city, label: city.city })) : [];
  return (
    <Card className="occupancy audit-section" aria-labelledby="city-occupancy-title">
      <h2 id="city-occupancy-title">{texts.citiesTitle}</h2>
      <FormGroup label={texts.monthLabel} labelFor={pickerId} inline>
        <HTMLSelect
          id={pickerId}
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
          options={months.map((value) => ({ value, label: monthName(value) }))}
        />
      </FormGroup>
      {figures.status === 'loading' && <Spinner size={24} aria-label={texts.citiesTitle} />}
      {figures.status === 'failed' && <Callout intent={Intent.WARNING}>{errorText(figures.error, texts.loadFailed)}</Callout>}
      {figures.status === 'loaded' && rows.length === 0 && <p className="muted">{texts.noCities}</p>}
      {rows.length > 0 && (
        <>
          <OccupancyChart title={`${texts.citiesTitle}, ${monthName(month)}`} rows={rows} />
          <FiguresTable caption={texts.citiesTableCaption(monthName(month))} periodLabel={texts.cityLabel} rows={rows} />
        </>
      )}
    </Card>
  );
}
