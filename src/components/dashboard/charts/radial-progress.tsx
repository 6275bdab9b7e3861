import { Arc } from '@visx/shape';

/**
 * A ring filled to `percent` (0–100) with the figure written in its middle. The drawing is
 * decorative: the text beside it says the same (give it one).
 */
export function RadialProgress({ percent, size = 120, thickness = 12, caption }: { percent: number; size?: number; thickness?: number; caption?: string }) {
  const clamped = Math.min(100, Math.max(0, percent));
  const radius = size / 2;
  return (
    <svg width={size} height={size} aria-hidden="true" direction="ltr" className="shrink-0">
      <g transform={`translate(${radius},${radius})`}>
        <Arc innerRadius={radius - thickness} outerRadius={radius} startAngle={0} endAngle={2 * Math.PI} className="fill-slate-200 dark:fill-slate-700" />
        {clamped > 0 && <Arc innerRadius={radius - thickness} outerRadius={radius} startAngle={0} endAngle={(clamped / 100) * 2 * Math.PI} cornerRadius={thickness / 2} className="fill-indigo-500 dark:fill-indigo-400" />}
        <text textAnchor="middle" dy={caption ? '-0.1em' : '0.35em'} fontSize={size / 5} fontWeight={600} className="fill-slate-900 dark:fill-slate-100">
          {`${Math.round(clamped)}%`}
        </text>
        {caption && (
          <text textAnchor="middle" dy="1.4em" fontSize={11} className="fill-slate-500 dark:fill-slate-400">
            {caption}
          </text>
        )}
      </g>
    </svg>
  );
}
