import { Pie } from "@visx/shape";
import type { Slice } from "@schema/dashboard";
import { formatFigure, share, type FigureFormat } from "../format";
import { ChartFrame } from "./chart-frame";
import { sliceFill, sliceSwatch } from "./palette";

export interface DonutChartProps {
  slices: readonly Slice[];
  format: FigureFormat;
  /** The summary the drawing is named by. */
  label: string;
  /** A pie (false) or a donut with the total in its middle (true). */
  donut?: boolean;
  /** What the total in the middle counts ("orders"). */
  totalLabel?: string;
  size?: number;
}

/** Inside the ring there is room for about this many characters of a slice's name. */
const CAPTION_CHARS = 12;
const truncated = (text: string) => (text.length > CAPTION_CHARS ? `${text.slice(0, CAPTION_CHARS - 1)}…` : text);

/**
 * A pie or donut of slices (visx), with a legend that writes every slice's figure and
 * share, so the colours are never the only way to tell them apart. ←/→ walk the slices.
 * When only one slice has a figure, the drawing is a full ring with the total and "all
 * <slice>" in its middle (a pie of one colour would say nothing by itself).
 */
export function DonutChart({
  slices,
  format,
  label,
  donut = true,
  totalLabel,
  size = 200,
}: DonutChartProps) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const radius = size / 2;
  // Zero slices draw nothing, but stay in the legend.
  const drawn = slices.filter((slice) => slice.value > 0);
  // A single slice would be a plain disc of one colour: it draws as a full ring that names it.
  const only = drawn.length === 1 ? drawn[0] : undefined;
  const ring = donut || only !== undefined;
  const inner = ring ? radius * 0.62 : 0;
  const caption = [totalLabel, only && `all ${truncated(only.label)}`].filter((line): line is string => Boolean(line));
  const colourOf = (slice: Slice) => slices.indexOf(slice);
  return (
    // Side by side only when the card itself is wide enough (a container query, not the screen): a
    // narrow card in a wide grid stacks the legend under the chart instead of clipping it.
    <div className="@container">
      <div className="flex flex-col items-center gap-4 @md:flex-row @md:items-center">
        <div className="w-full max-w-52 shrink-0">
          <ChartFrame
            label={label}
            height={size}
            count={drawn.length}
            anchor={(index, { width }) => {
              const slice = drawn[index];
              if (!slice) return { x: width / 2, y: radius };
              // The middle of the slice's arc, from 12 o'clock clockwise.
              const before = drawn
                .slice(0, index)
                .reduce((sum, s) => sum + s.value, 0);
              const angle = ((before + slice.value / 2) / total) * 2 * Math.PI;
              const r = (radius + inner) / 2;
              return {
                x: width / 2 + r * Math.sin(angle),
                y: radius - r * Math.cos(angle),
              };
            }}
            tooltip={(index) => {
              const slice = drawn[index];
              return slice ? (
                <>
                  <span className="font-semibold">{slice.label}</span>:{" "}
                  {formatFigure(slice.value, format)} (
                  {share(slice.value, total)})
                </>
              ) : null;
            }}
          >
            {({ width, active, setActive }) => (
              <svg
                width={width}
                height={size}
                aria-hidden="true"
                direction="ltr"
              >
                <g transform={`translate(${width / 2},${radius})`}>
                  <Pie
                    data={drawn}
                    pieValue={(slice) => slice.value}
                    outerRadius={radius - 4}
                    innerRadius={inner}
                    padAngle={drawn.length > 1 ? 0.01 : 0}
                    pieSort={null}
                    pieSortValues={null}
                  >
                    {(pie) =>
                      pie.arcs.map((arc, index) => (
                        <path
                          key={arc.data.key}
                          d={pie.path(arc) ?? ""}
                          className={`${sliceFill(colourOf(arc.data))} stroke-white dark:stroke-slate-900`}
                          strokeWidth={active === index ? 3 : 1}
                          fillOpacity={
                            active === null || active === index ? 1 : 0.6
                          }
                          onPointerEnter={() => setActive(index)}
                        />
                      ))
                    }
                  </Pie>
                  {ring && (
                    <>
                      <text
                        textAnchor="middle"
                        dy={caption.length > 1 ? "-0.6em" : "-0.1em"}
                        fontSize={20}
                        fontWeight={600}
                        className="fill-slate-900 dark:fill-slate-100"
                      >
                        {formatFigure(total, format)}
                      </text>
                      {caption.map((line, index) => (
                        <text
                          key={line}
                          textAnchor="middle"
                          y={(caption.length > 1 ? -2 : 8) + index * 15}
                          dy="0.9em"
                          fontSize={12}
                          fill="currentColor"
                        >
                          {line}
                        </text>
                      ))}
                    </>
                  )}
                </g>
              </svg>
            )}
          </ChartFrame>
        </div>
        <ul className="grid w-full min-w-0 gap-1.5 text-sm" aria-hidden="true">
          {slices.map((slice, index) => (
            <li key={slice.key} className="flex items-center gap-2">
              <span
                className={`size-3 shrink-0 rounded-sm ${sliceSwatch(index)}`}
              />
              <span className="min-w-0 flex-1 truncate">{slice.label}</span>
              <span className="tabular-nums">
                {formatFigure(slice.value, format)}
              </span>
              <span className="w-14 text-end text-slate-500 tabular-nums dark:text-slate-400">
                {share(slice.value, total)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
