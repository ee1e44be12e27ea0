/**
 * The figures of a chart as a table, one row per period or city. On a phone it is wider
 * than the screen: it scrolls sideways inside its own box, the first column stays in place
 * so each row keeps its name, a fade at the right edge and a line above the table say more
 * columns are there, and the box is a named region in the tab order, so keyboard users can
 * scroll it too (axe: scrollable-region-focusable).
 */
import { HTMLTable } from '@blueprintjs/core';
import { formatRupees, occupancyMessages } from '@stays/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ChartRow, Counts } from './OccupancyChart.tsx';

const texts = occupancyMessages;

/** Whether the element's content is wider than the element, kept current as either resizes. */
function useOverflows(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild !== null) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

interface FiguresTableProps {
  readonly caption: string;
  readonly periodLabel: string;
  readonly rows: readonly ChartRow[];
  readonly counts: Counts;
}

export function FiguresTable({ caption, periodLabel, rows, counts }: FiguresTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(scroller);
  return (
    <>
      {overflows && <p className="occupancy-scroll-hint">{texts.tableScrollHint}</p>}
      <div ref={scroller} className={`occupancy-table-scroll${overflows ? ' overflows' : ''}`} role="region" aria-label={caption} tabIndex={0}>
        <HTMLTable compact striped className="occupancy-table">
          <caption className="occupancy-caption">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{periodLabel}</th>
              <th scope="col">{counts === 'unit-nights' ? texts.nightsSoldLabel : texts.unitsSoldOfNightLabel}</th>
              <th scope="col">{counts === 'unit-nights' ? texts.unitsAvailableLabel : texts.unitsAvailableOfNightLabel}</th>
              <th scope="col">{texts.occupancyLabel}</th>
              <th scope="col">{texts.revenuePaidLabel}</th>
              <th scope="col">{texts.revenueUnpaidLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" title={row.label}>
                  {row.label}
                </th>
                <td>{row.nightsSold}</td>
                <td>{row.unitsAvailable}</td>
                <td>{texts.percent(row.occupancyPercent)}</td>
                <td>{formatRupees(row.revenuePaid)}</td>
                <td>{formatRupees(row.revenueUnpaid)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}
