import { Area, Bar, LinePath } from '@visx/shape';
import { curveMonotoneX } from '@visx/curve';
import type { SeriesPoint } from '@schema/dashboard';
import { formatFigure, formatTick, type FigureFormat } from '../format';
import { ChartFrame } from './chart-frame';
import { seriesArea, seriesFill, seriesStroke } from './palette';
import { bandScale, niceLinearScale } from './scales';

export interface SeriesChartProps {
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

const MARGIN = { top: 12, bottom: 24, axis: 52, end: 8 };
/** The fewest px an x label gets; labels in between are skipped. */
const LABEL_SPACE = 56;

/** The drawing's scales for a width (and direction): bands along x, values up y. */
function scales(points: readonly SeriesPoint[], width: number, height: number, rtl: boolean, kind: SeriesChartProps['kind']) {
  const start = rtl ? width - MARGIN.axis : MARGIN.axis;
  const end = rtl ? MARGIN.end : width - MARGIN.end;
  const x = bandScale(points.map((p) => p.key), [start, end], kind === 'bar' ? 0.25 : 0);
  const max = Math.max(0, ...points.map((p) => p.value));
  const y = niceLinearScale([0, max > 0 ? max : 1], [height - MARGIN.bottom, MARGIN.top]);
  const centre = (p: SeriesPoint) => (x(p.key) ?? 0) + x.bandwidth() / 2;
  return { x, y, centre };
}

/**
 * Bars or an area over time, drawn with visx. The value axis sits at the start side (right
 * in RTL, where time also runs right to left), grid lines and labels take the text colour so
 * they read in dark mode, and x labels thin out on a narrow screen.
 */
export function SeriesChart({ kind, points, name, format, label, height = 240, pointTitle = (p) => p.label }: SeriesChartProps) {
  return (
    <ChartFrame
      label={label}
      height={height}
      count={points.length}
      anchor={(index, { width, height: h, rtl }) => {
        const { y, centre } = scales(points, width, h, rtl, kind);
        const point = points[index];
        return point ? { x: centre(point), y: y(point.value) } : { x: 0, y: 0 };
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
        const { x, y, centre } = scales(points, width, h, rtl, kind);
        // Counts and minutes tick at whole numbers only (no "0.5 orders" on a small axis).
        const ticks = format === 'money' || format === 'percent' ? y.ticks(4) : y.ticks(4).filter(Number.isInteger);
        const step = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor((width - MARGIN.axis) / LABEL_SPACE))));
        const axisX = rtl ? width - MARGIN.axis + 6 : MARGIN.axis - 6;
        const bottom = h - MARGIN.bottom;
        const activePoint = active !== null ? points[active] : undefined;
        return (
          <svg width={width} height={h} aria-hidden="true" direction="ltr" className="overflow-visible">
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={rtl ? MARGIN.end : MARGIN.axis} x2={rtl ? width - MARGIN.axis : width - MARGIN.end} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.2} strokeDasharray={tick === 0 ? undefined : '3 3'} />
                <text x={axisX} y={y(tick)} dy="0.32em" textAnchor={rtl ? 'start' : 'end'} fontSize={11} fill="currentColor">
                  {formatTick(tick, format)}
                </text>
              </g>
            ))}
            {points.map((point, index) =>
              index % step === 0 ? (
                <text key={point.key} x={centre(point)} y={bottom + 16} textAnchor="middle" fontSize={11} fill="currentColor">
                  {point.label}
                </text>
              ) : null,
            )}
            {kind === 'bar' ? (
              points.map((point, index) => (
                <Bar
                  key={point.key}
                  x={x(point.key) ?? 0}
                  y={y(point.value)}
                  width={x.bandwidth()}
                  height={Math.max(0, bottom - y(point.value))}
                  rx={Math.min(4, x.bandwidth() / 4)}
                  className={seriesFill}
                  fillOpacity={active === null || active === index ? 1 : 0.55}
                />
              ))
            ) : (
              <>
                <Area data={[...points]} x={centre} y0={bottom} y1={(p) => y(p.value)} curve={curveMonotoneX} className={seriesArea} />
                <LinePath data={[...points]} x={centre} y={(p) => y(p.value)} curve={curveMonotoneX} className={seriesStroke} strokeWidth={2} fill="none" />
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
              const band = kind === 'bar' ? x.step() : x.bandwidth();
              const left = kind === 'bar' ? (x(point.key) ?? 0) - (x.step() - x.bandwidth()) / 2 : (x(point.key) ?? 0);
              return <rect key={point.key} x={left} y={MARGIN.top} width={Math.max(0, band)} height={Math.max(0, bottom - MARGIN.top)} fill="transparent" onPointerEnter={() => setActive(index)} />;
            })}
            {activePoint && kind === 'bar' && <rect x={(x(activePoint.key) ?? 0) - 2} y={MARGIN.top} width={x.bandwidth() + 4} height={bottom - MARGIN.top} fill="currentColor" fillOpacity={0.06} pointerEvents="none" />}
          </svg>
        );
      }}
    </ChartFrame>
  );
}
