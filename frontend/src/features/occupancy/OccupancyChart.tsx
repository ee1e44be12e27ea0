/**
 * One occupancy and revenue chart (visx on SVG), drawn at the width of its container so its
 * text is the size it says on a phone as on a desktop. Revenue after discount is a stacked
 * bar, paid then unpaid (rupees); occupancy is in percent. Two layouts:
 * - `columns`, for periods in time order: a column per period, occupancy as a line, the
 *   period labels thinned to those that fit side by side;
 * - `rows`, for cities: a row per city with its name beside it (cut to fit, whole in its
 *   title), so names never run together however many cities or however narrow the screen;
 *   occupancy as a dot, since cities in a row have no order to draw a line along.
 * The same figures are in a table beside the chart, for screen readers and exact amounts.
 */
import { Colors } from '@blueprintjs/core';
import { AxisBottom, AxisLeft, AxisRight, AxisTop } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { formatRupees, occupancyMessages, type OccupancyFigures } from '@stays/contracts';
import { useRef } from 'react';
import { fitText, textWidth } from './text-width.ts';
import { roundTicks, rupeeTickFormat, rupeeTicks, stepsFor } from './ticks.ts';
import { useBox, type Box } from './use-box.ts';

const texts = occupancyMessages;

export interface ChartRow extends OccupancyFigures {
  readonly key: string;
  readonly label: string;
}

/** What a row's figures count: unit-nights over a month, units on one night. */
export type Counts = 'unit-nights' | 'units';

/** Tick and axis text, in px: never below 12 (readable on a phone at arm's length). */
const FONT_SIZE = 12;
const TICK_LENGTH = 6;
/** Space between a tick's label and the axis title. */
const GAP = 6;
/** Space between a horizontal axis's tick labels and its title. */
const TITLE_GAP = 10;
/** Least px between two period labels side by side. */
const LABEL_GAP = 14;
const ROW_HEIGHT = 30;
const NARROW = 600;

const tickText = (fontFamily: string) => ({ fill: Colors.DARK_GRAY1, fontSize: FONT_SIZE, fontFamily, textAnchor: 'middle' }) as const;
const axisLines = { stroke: Colors.GRAY3, tickStroke: Colors.GRAY3, tickLength: TICK_LENGTH } as const;

function tooltip(row: ChartRow, counts: Counts): string {
  return texts.figuresOf(
    row.label,
    {
      nightsSold: row.nightsSold,
      unitsAvailable: row.unitsAvailable,
      occupancy: texts.percent(row.occupancyPercent),
      revenuePaid: formatRupees(row.revenuePaid),
      revenueUnpaid: formatRupees(row.revenueUnpaid),
    },
    counts,
  );
}

interface ChartProps {
  readonly title: string;
  readonly rows: readonly ChartRow[];
  readonly counts: Counts;
  readonly layout: 'columns' | 'rows';
}

export function OccupancyChart({ title, rows, counts, layout }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const box = useBox(container);
  return (
    <figure className="occupancy-chart">
      <div ref={container} className="occupancy-chart-area">
        {box !== null &&
          box.width > 0 &&
          (layout === 'columns' ? (
            <Columns title={title} rows={rows} counts={counts} box={box} />
          ) : (
            <Rows title={title} rows={rows} counts={counts} box={box} />
          ))}
      </div>
      <figcaption className="occupancy-legend">
        <span className="occupancy-key paid">{texts.revenuePaidLabel}</span>
        <span className="occupancy-key unpaid">{texts.revenueUnpaidLabel}</span>
        <span className={`occupancy-key ${layout === 'columns' ? 'rate' : 'rate-dot'}`}>{texts.occupancyLabel}</span>
      </figcaption>
    </figure>
  );
}

interface PlotProps {
  readonly title: string;
  readonly rows: readonly ChartRow[];
  readonly counts: Counts;
  readonly box: Box;
}

const revenueOf = (row: ChartRow) => row.revenuePaid + row.revenueUnpaid;

/** Periods left to right: revenue up the right axis, occupancy up the left. */
function Columns({ title, rows, counts, box }: PlotProps) {
  const measure = (text: string) => textWidth(text, FONT_SIZE, box.fontFamily);
  const height = box.width < NARROW ? 240 : 280;
  const top = 12;
  const bottom = TICK_LENGTH + FONT_SIZE + 14;
  const plotHeight = height - top - bottom;
  const revenueTicks = rupeeTicks(Math.max(0, ...rows.map(revenueOf)), stepsFor(plotHeight, 36));
  const rupees = rupeeTickFormat(revenueTicks);
  const percentTicks = roundTicks(100, stepsFor(plotHeight, 36));
  const left = TICK_LENGTH + GAP + Math.ceil(Math.max(...percentTicks.map((tick) => measure(texts.percent(tick))))) + GAP + FONT_SIZE + 4;
  const right = TICK_LENGTH + GAP + Math.ceil(Math.max(...revenueTicks.map((tick) => measure(rupees(tick))))) + GAP + FONT_SIZE + 4;
  const plotWidth = Math.max(40, box.width - left - right);
  const x = scaleBand<string>({ domain: rows.map((row) => row.key), range: [0, plotWidth], padding: 0.2 });
  const revenue = scaleLinear<number>({ domain: [0, revenueTicks.at(-1)!], range: [plotHeight, 0] });
  const occupancy = scaleLinear<number>({ domain: [0, 100], range: [plotHeight, 0] });
  const labelOf = new Map(rows.map((row) => [row.key, row.label]));
  const widest = Math.max(0, ...rows.map((row) => measure(row.label)));
  const every = Math.max(1, Math.ceil((widest + LABEL_GAP) / Math.max(1, x.step())));
  const centre = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  const text = tickText(box.fontFamily);
  return (
    <svg width={box.width} height={height} role="img" aria-label={title}>
      <Group left={left} top={top}>
        {rows.map((row) => {
          const paidTop = revenue(row.revenuePaid);
          const allTop = revenue(revenueOf(row));
          return (
            <g key={row.key} className="occupancy-bar">
              <title>{tooltip(row, counts)}</title>
              <Bar x={x(row.key)} y={paidTop} width={x.bandwidth()} height={plotHeight - paidTop} fill={Colors.BLUE3} />
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
          tickValues={percentTicks}
          tickFormat={(value) => texts.percent(Number(value))}
          label={texts.occupancyAxis}
          labelOffset={left - TICK_LENGTH - FONT_SIZE - 2}
          {...axisLines}
          tickLabelProps={{ ...text, textAnchor: 'end', verticalAnchor: 'middle', dx: -2 }}
          labelProps={text}
        />
        <AxisRight
          scale={revenue}
          left={plotWidth}
          tickValues={revenueTicks}
          tickFormat={(value) => rupees(Number(value))}
          label={texts.revenueAxis}
          labelOffset={right - TICK_LENGTH - FONT_SIZE - 2}
          {...axisLines}
          tickLabelProps={{ ...text, textAnchor: 'start', verticalAnchor: 'middle', dx: 2 }}
          labelProps={text}
        />
        <AxisBottom
          scale={x}
          top={plotHeight}
          {...axisLines}
          tickValues={rows.filter((_, index) => index % every === 0).map((row) => row.key)}
          tickFormat={(key) => labelOf.get(key) ?? key}
          tickLabelProps={text}
        />
      </Group>
    </svg>
  );
}

/** Cities top to bottom, each named on the left: revenue along the bottom axis, occupancy along the top. */
function Rows({ title, rows, counts, box }: PlotProps) {
  const measure = (text: string) => textWidth(text, FONT_SIZE, box.fontFamily);
  // tick, its label, a gap that clears the label's descenders, the axis title; visx lifts top tick labels by 0.75em
  const axisHeight = TICK_LENGTH + FONT_SIZE + TITLE_GAP + FONT_SIZE + 6;
  const topLift = Math.ceil(0.75 * FONT_SIZE);
  const top = axisHeight + topLift;
  const bottom = axisHeight;
  const plotHeight = rows.length * ROW_HEIGHT;
  const height = top + plotHeight + bottom;
  const nameSpace = Math.min(Math.ceil(Math.max(0, ...rows.map((row) => measure(row.label)))), Math.floor(box.width * 0.35));
  const left = nameSpace + GAP + 2;
  // the last tick's label is centred on the plot's right end: leave half of it
  const highest = Math.max(0, ...rows.map(revenueOf));
  let steps = stepsFor(box.width - left, 64);
  let revenueTicks = rupeeTicks(highest, steps);
  let rupees = rupeeTickFormat(revenueTicks);
  const widestRupees = () => Math.max(...revenueTicks.map((tick) => measure(rupees(tick))));
  const right = () => Math.ceil(Math.max(widestRupees(), measure(texts.percent(100))) / 2) + 4;
  // fewer steps until neighbouring revenue labels stand apart
  while (steps > 1 && (box.width - left - right()) / (revenueTicks.length - 1) < widestRupees() + LABEL_GAP) {
    steps--;
    revenueTicks = rupeeTicks(highest, steps);
    rupees = rupeeTickFormat(revenueTicks);
  }
  const plotWidth = Math.max(40, box.width - left - right());
  const percentTicks = roundTicks(100, stepsFor(plotWidth, measure(texts.percent(100)) + LABEL_GAP + 8));
  const y = scaleBand<string>({ domain: rows.map((row) => row.key), range: [0, plotHeight], padding: 0.3 });
  const revenue = scaleLinear<number>({ domain: [0, revenueTicks.at(-1)!], range: [0, plotWidth] });
  const occupancy = scaleLinear<number>({ domain: [0, 100], range: [0, plotWidth] });
  const text = tickText(box.fontFamily);
  return (
    <svg width={box.width} height={height} role="img" aria-label={title}>
      <Group left={left} top={top}>
        {rows.map((row) => {
          const middle = (y(row.key) ?? 0) + y.bandwidth() / 2;
          const short = fitText(row.label, nameSpace, measure);
          return (
            <g key={row.key} className="occupancy-bar">
              <title>{tooltip(row, counts)}</title>
              <text
                className="occupancy-row-label"
                x={-GAP}
                y={middle}
                dy="0.35em"
                textAnchor="end"
                fontSize={FONT_SIZE}
                fontFamily={box.fontFamily}
                fill={Colors.DARK_GRAY1}
              >
                {short}
              </text>
              <Bar x={0} y={y(row.key)} width={revenue(row.revenuePaid)} height={y.bandwidth()} fill={Colors.BLUE3} />
              <Bar
                x={revenue(row.revenuePaid)}
                y={y(row.key)}
                width={revenue(revenueOf(row)) - revenue(row.revenuePaid)}
                height={y.bandwidth()}
                fill={Colors.BLUE5}
              />
              {row.occupancyPercent !== null && <circle cx={occupancy(row.occupancyPercent)} cy={middle} r={5} fill={Colors.ORANGE3} stroke={Colors.WHITE} />}
            </g>
          );
        })}
        <AxisTop
          scale={occupancy}
          tickValues={percentTicks}
          tickFormat={(value) => texts.percent(Number(value))}
          label={texts.occupancyAxis}
          labelOffset={TITLE_GAP + topLift}
          {...axisLines}
          tickLabelProps={text}
          labelProps={text}
        />
        <AxisBottom
          scale={revenue}
          top={plotHeight}
          tickValues={revenueTicks}
          tickFormat={(value) => rupees(Number(value))}
          label={texts.revenueAxis}
          labelOffset={TITLE_GAP}
          {...axisLines}
          tickLabelProps={text}
          labelProps={text}
        />
      </Group>
    </svg>
  );
}
