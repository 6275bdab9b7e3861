import { Area, Bar, LinePath } from '@visx/shape';
import { curveMonotoneX } from '@visx/curve';
import type { SeriesPoint } from '@schema/dashboard';
import { formatFigure, formatTick, type FigureFormat } from '../format';
import { ChartFrame } from './chart-frame';
import { seriesArea, seriesFill, seriesStroke } from './palette';
import { barHeight, labelled, labelStep, seriesShape, textWidth, valueAxis } from './chart-layout';
import { bandScale, linearScale } from './scales';

export interface SeriesChartProps {
  /** Bars, or an area (drawn as bars when the series is sparse: chart-layout.ts). */
  kind: 'bar' | 'area';
  points: readonly SeriesPoint[];
  /** What a value is ("Revenue", "Orders"): the tooltip's noun. */
  name: string;
  format: FigureFormat;
  /** The summary the drawing is named by. */
  label: string;
  height?: number;
  /** The tooltip's heading for a point (default: its label). */
  pointTitle?: (point: SeriesPoint) => string;
}

const MARGIN = { top: 12, bottom: 24, end: 8 };
const FONT_SIZE = 11;
/** Space between the value labels and the drawing. */
const AXIS_GAP = 8;

/** The drawing's layout for a width (and direction): the value axis and its labels, bands along x, values up y. */
function layout(points: readonly SeriesPoint[], format: FigureFormat, width: number, height: number, rtl: boolean, shape: 'bar' | 'area') {
  const axis = valueAxis(Math.max(0, ...points.map((p) => p.value)), format);
  const tickLabels = axis.ticks.map((tick) => formatTick(tick, format));
  const axisWidth = Math.ceil(Math.max(...tickLabels.map((text) => textWidth(text, FONT_SIZE)))) + AXIS_GAP * 1.5;
  const start = rtl ? width - axisWidth : axisWidth;
  const end = rtl ? MARGIN.end : width - MARGIN.end;
  const x = bandScale(points.map((p) => p.key), [start, end], shape === 'bar' ? 0.25 : 0);
  const bottom = height - MARGIN.bottom;
  const y = linearScale([0, axis.top], [bottom, MARGIN.top]);
  const centre = (p: SeriesPoint) => (x(p.key) ?? 0) + x.bandwidth() / 2;
  /** The top of a point's mark: a bar's (at least its minimum height) or the line's. */
  const top = (p: SeriesPoint) => (shape === 'bar' ? bottom - barHeight(p.value, bottom - y(p.value)) : y(p.value));
  return { axis, tickLabels, axisWidth, x, y, centre, top, bottom };
}

/**
 * Bars or an area over time, drawn with visx. The value axis starts at 0 and ends on a round
 * value, with at most 6 compact labels ("$1.2K"); x labels are written every few points so
 * they never overlap (the latest always), a small figure still shows as a bar, and an area
 * asked for a sparse series draws as bars (no needle peaks between empty buckets). The area's
 * curve is monotone (it never overshoots a figure) and dots the buckets that have one. The
 * value axis sits at the start side (right in RTL, where time also runs right to left), grid
 * lines and labels take the text colour so they read in dark mode.
 */
export function SeriesChart({ kind, points, name, format, label, height = 240, pointTitle = (p) => p.label }: SeriesChartProps) {
  const shape = seriesShape(points, kind);
  return (
    <ChartFrame
      label={label}
      height={height}
      count={points.length}
      anchor={(index, { width, height: h, rtl }) => {
        const { centre, top } = layout(points, format, width, h, rtl, shape);
        const point = points[index];
        return point ? { x: centre(point), y: top(point) } : { x: 0, y: 0 };
      }}
      tooltip={(index) => {
        const point = points[index];
        return point ? (
          <>
            <span className="font-semibold">{pointTitle(point)}</span>: {formatFigure(point.value, format)} <span className="sr-only">{name}</span>
          </>
        ) : null;
      }}
    >
      {({ width, height: h, rtl, active, setActive }) => {
        const { axis, tickLabels, axisWidth, x, y, centre, top, bottom } = layout(points, format, width, h, rtl, shape);
        const step = labelStep(points.map((p) => p.label), x.step(), FONT_SIZE);
        const axisX = rtl ? width - axisWidth + AXIS_GAP : axisWidth - AXIS_GAP;
        const activePoint = active !== null ? points[active] : undefined;
        /** A label's centre, kept inside the drawing (the first and last bands' labels are wider than their bands). */
        const labelX = (point: SeriesPoint) => {
          const half = textWidth(point.label, FONT_SIZE) / 2;
          return Math.min(Math.max(centre(point), half), width - half);
        };
        return (
          <svg width={width} height={h} aria-hidden="true" direction="ltr" className="overflow-visible">
            {axis.ticks.map((tick, index) => (
              <g key={tick}>
                <line x1={rtl ? MARGIN.end : axisWidth} x2={rtl ? width - axisWidth : width - MARGIN.end} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.2} strokeDasharray={tick === 0 ? undefined : '3 3'} />
                <text x={axisX} y={y(tick)} dy="0.32em" textAnchor={rtl ? 'start' : 'end'} fontSize={FONT_SIZE} fill="currentColor">
                  {tickLabels[index]}
                </text>
              </g>
            ))}
            {points.map((point, index) =>
              labelled(index, points.length, step) ? (
                <text key={point.key} x={labelX(point)} y={bottom + 16} textAnchor="middle" fontSize={FONT_SIZE} fill="currentColor">
                  {point.label}
                </text>
              ) : null,
            )}
            {shape === 'bar' ? (
              points.map((point, index) =>
                point.value === 0 ? null : (
                  <Bar
                    key={point.key}
                    data-value={point.value}
                    x={x(point.key) ?? 0}
                    y={top(point)}
                    width={x.bandwidth()}
                    height={bottom - top(point)}
                    rx={Math.min(4, x.bandwidth() / 4, (bottom - top(point)) / 2)}
                    className={seriesFill}
                    fillOpacity={active === null || active === index ? 1 : 0.55}
                  />
                ),
              )
            ) : (
              <>
                <Area data={[...points]} x={centre} y0={bottom} y1={(p) => y(p.value)} curve={curveMonotoneX} className={seriesArea} />
                <LinePath data={[...points]} x={centre} y={(p) => y(p.value)} curve={curveMonotoneX} className={seriesStroke} strokeWidth={2} fill="none" />
                {points.map((point) =>
                  point.value === 0 ? null : <circle key={point.key} data-value={point.value} cx={centre(point)} cy={y(point.value)} r={2.5} className={seriesFill} />,
                )}
                {activePoint && (
                  <>
                    <line x1={centre(activePoint)} x2={centre(activePoint)} y1={MARGIN.top} y2={bottom} stroke="currentColor" strokeOpacity={0.4} />
                    <circle cx={centre(activePoint)} cy={y(activePoint.value)} r={4} className={`${seriesFill} stroke-white dark:stroke-slate-900`} strokeWidth={2} />
                  </>
                )}
              </>
            )}
            {/* The pointer's targets: one full-height band per point. */}
            {points.map((point, index) => {
              const band = shape === 'bar' ? x.step() : x.bandwidth();
              const left = shape === 'bar' ? (x(point.key) ?? 0) - (x.step() - x.bandwidth()) / 2 : (x(point.key) ?? 0);
              return <rect key={point.key} x={left} y={MARGIN.top} width={Math.max(0, band)} height={Math.max(0, bottom - MARGIN.top)} fill="transparent" onPointerEnter={() => setActive(index)} />;
            })}
            {activePoint && shape === 'bar' && <rect x={(x(activePoint.key) ?? 0) - 2} y={MARGIN.top} width={x.bandwidth() + 4} height={bottom - MARGIN.top} fill="currentColor" fillOpacity={0.06} pointerEvents="none" />}
          </svg>
        );
      }}
    </ChartFrame>
  );
}
