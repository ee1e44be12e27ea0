/**
 * One occupancy and revenue chart (visx on SVG): revenue after discount as stacked bars,
 * paid below unpaid (rupees, right axis), and occupancy as a line (percent, left axis).
 * The SVG scales to its container; the same figures are in a table beside it for screen
 * readers and for reading exact amounts.
 */
import { Colors, HTMLTable } from '@blueprintjs/core';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { formatRupees, occupancyMessages, type OccupancyFigures } from '@stays/contracts';

const texts = occupancyMessages;

export interface ChartRow extends OccupancyFigures {
  readonly key: string;
  readonly label: string;
}

const WIDTH = 720;
const HEIGHT = 280;
const MARGIN = { top: 12, right: 84, bottom: 36, left: 48 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
/** Most x-axis labels that stay readable at the chart's width. */
const MAX_X_LABELS = 12;
const TICK_LABEL = { fill: Colors.DARK_GRAY1, fontSize: 11, textAnchor: 'middle' } as const;

export function OccupancyChart({ title, rows }: { title: string; rows: readonly ChartRow[] }) {
  const x = scaleBand<string>({ domain: rows.map((row) => row.key), range: [0, PLOT_WIDTH], padding: 0.2 });
  const highest = Math.max(1, ...rows.map((row) => row.revenuePaid + row.revenueUnpaid));
  const revenue = scaleLinear<number>({ domain: [0, highest], range: [PLOT_HEIGHT, 0], nice: true });
  const occupancy = scaleLinear<number>({ domain: [0, 100], range: [PLOT_HEIGHT, 0] });
  const labelOf = new Map(rows.map((row) => [row.key, row.label]));
  const every = Math.ceil(rows.length / MAX_X_LABELS);
  const centre = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  return (
    <figure className="occupancy-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} preserveAspectRatio="xMidYMid meet">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {rows.map((row) => {
            const paidTop = revenue(row.revenuePaid);
            const allTop = revenue(row.revenuePaid + row.revenueUnpaid);
            return (
              <g key={row.key}>
                <title>{`${row.label}: ${texts.occupancyLabel} ${texts.percent(row.occupancyPercent)}, ${texts.revenuePaidLabel} ${formatRupees(row.revenuePaid)}, ${texts.revenueUnpaidLabel} ${formatRupees(row.revenueUnpaid)}`}</title>
                <Bar x={x(row.key)} y={paidTop} width={x.bandwidth()} height={PLOT_HEIGHT - paidTop} fill={Colors.BLUE3} />
                <Bar x={x(row.key)} y={allTop} width={x.bandwidth()} height={paidTop - allTop} fill={Colors.BLUE5} />
              </g>
            );
          })}
          <LinePath
            data={[...rows]}
            x={(row) => centre(row.key)}
            y={(row) => occupancy(row.occupancyPercent ?? 0)}
            defined={(row) => row.occupancyPercent !== null}
            stroke={Colors.ORANGE3}
            strokeWidth={2}
          />
          <AxisLeft
            scale={occupancy}
            numTicks={5}
            label={texts.occupancyAxis}
            stroke={Colors.GRAY3}
            tickStroke={Colors.GRAY3}
            tickLabelProps={{ ...TICK_LABEL, textAnchor: 'end' }}
            labelProps={{ ...TICK_LABEL, fontSize: 12 }}
          />
          <AxisRight
            scale={revenue}
            left={PLOT_WIDTH}
            numTicks={5}
            label={texts.revenueAxis}
            stroke={Colors.GRAY3}
            tickStroke={Colors.GRAY3}
            tickFormat={(value) => formatRupees(Number(value))}
            tickLabelProps={{ ...TICK_LABEL, textAnchor: 'start' }}
            labelProps={{ ...TICK_LABEL, fontSize: 12 }}
            labelOffset={48}
          />
          <AxisBottom
            scale={x}
            top={PLOT_HEIGHT}
            stroke={Colors.GRAY3}
            tickStroke={Colors.GRAY3}
            tickValues={rows.filter((_, index) => index % every === 0).map((row) => row.key)}
            tickFormat={(key) => labelOf.get(key) ?? key}
            tickLabelProps={TICK_LABEL}
          />
        </Group>
      </svg>
      <figcaption className="occupancy-legend">
        <span className="occupancy-key paid">{texts.revenuePaidLabel}</span>
        <span className="occupancy-key unpaid">{texts.revenueUnpaidLabel}</span>
        <span className="occupancy-key rate">{texts.occupancyLabel}</span>
      </figcaption>
    </figure>
  );
}

/**
 * The figures of a chart as a table, one row per period. On a phone the table is wider
 * than the screen: its scrolling box is a named region in the tab order, so keyboard users
 * can scroll it too (axe: scrollable-region-focusable).
 */
export function FiguresTable({ caption, periodLabel, rows }: { caption: string; periodLabel: string; rows: readonly ChartRow[] }) {
  return (
    <div className="occupancy-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <HTMLTable compact striped className="occupancy-table">
        <caption className="occupancy-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{periodLabel}</th>
            <th scope="col">{texts.nightsSoldLabel}</th>
            <th scope="col">{texts.unitsAvailableLabel}</th>
            <th scope="col">{texts.occupancyLabel}</th>
            <th scope="col">{texts.revenuePaidLabel}</th>
            <th scope="col">{texts.revenueUnpaidLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
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
  );
}
