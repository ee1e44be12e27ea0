/**
 * The owner's occupancy and revenue on /hotel-details: by month (the last 12 months and
 * the months of bookings on hand) and night by night for the next 90 days. Loaded lazily
 * with its chart library, so the page's first download does not carry them.
 */
import { Callout, Card, Intent, Spinner } from '@blueprintjs/core';
import { occupancyMessages } from '@stays/contracts';
import { errorText } from '../../lib/errors.ts';
import { dayName, monthName } from './labels.ts';
import { FiguresTable } from './FiguresTable.tsx';
import { OccupancyChart, type ChartRow } from './OccupancyChart.tsx';
import { occupancyApi } from './occupancy-api.ts';
import { useFigures } from './use-figures.ts';
import './occupancy.css';

const texts = occupancyMessages;

export default function OwnerOccupancy() {
  const figures = useFigures(occupancyApi.ofOwner, 'own hotel');
  if (figures.status === 'loading') return <Spinner size={24} aria-label={texts.ownerTitle} />;
  if (figures.status === 'failed') return <Callout intent={Intent.WARNING}>{errorText(figures.error, texts.loadFailed)}</Callout>;
  const { months, days } = figures.data;
  const monthRows: ChartRow[] = months.map((month) => ({ ...month, key: month.month, label: monthName(month.month) }));
  const dayRows: ChartRow[] = days.map((day) => ({ ...day, key: day.date, label: dayName(day.date) }));
  const listed = months.some((month) => month.unitsAvailable > 0);
  return (
    <Card className="occupancy" aria-labelledby="occupancy-title">
      <h2 id="occupancy-title">{texts.ownerTitle}</h2>
      {!listed && <p className="muted">{texts.noListings}</p>}
      {listed && (
        <>
          <section aria-labelledby="occupancy-months">
            <h3 id="occupancy-months">{texts.byMonthTitle}</h3>
            <p className="muted">{texts.byMonthDescription}</p>
            <OccupancyChart title={texts.byMonthTitle} rows={monthRows} counts="unit-nights" layout="columns" />
            <p className="muted occupancy-note">{texts.unitNightsNote}</p>
            <FiguresTable caption={texts.monthsTableCaption} periodLabel={texts.monthLabel} rows={monthRows} counts="unit-nights" />
          </section>
          <section aria-labelledby="occupancy-days">
            <h3 id="occupancy-days">{texts.nextDaysTitle(days.length)}</h3>
            <p className="muted">{texts.nextDaysDescription}</p>
            <OccupancyChart title={texts.nextDaysTitle(days.length)} rows={dayRows} counts="units" layout="columns" />
            <details>
              <summary>{texts.showTable}</summary>
              <FiguresTable caption={texts.daysTableCaption} periodLabel={texts.dateLabel} rows={dayRows} counts="units" />
            </details>
          </section>
        </>
      )}
    </Card>
  );
}
