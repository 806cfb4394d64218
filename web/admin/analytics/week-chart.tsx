import type { AnalyticsReport } from '../api';

type Week = AnalyticsReport['weeks'][number];

const width = 640;
const height = 200;
const pad = { top: 12, right: 8, bottom: 4, left: 8 };

/**
 * Page views (bars) and visitors (a line with dots) by week, drawn as SVG. Decoration only: the
 * caller gives it a summary for screen readers and the same numbers in a table.
 */
export function WeekChart({ weeks, summary }: { weeks: Week[]; summary: string }) {
  const most = Math.max(1, ...weeks.map((w) => Math.max(w.views, w.visitors)));
  const slot = (width - pad.left - pad.right) / Math.max(1, weeks.length);
  const y = (n: number) => pad.top + (height - pad.top - pad.bottom) * (1 - n / most);
  const line = weeks
    .map((w, i) => `${i === 0 ? 'M' : 'L'}${pad.left + slot * (i + 0.5)},${y(w.visitors)}`)
    .join(' ');
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${width} ${height}`}
      className="h-48 w-full rtl:-scale-x-100"
      preserveAspectRatio="none"
      data-week-chart
    >
      <line
        x1={pad.left}
        x2={width - pad.right}
        y1={height - pad.bottom}
        y2={height - pad.bottom}
        className="stroke-line-strong"
      />
      {weeks.map((w, i) => (
        <rect
          key={w.week}
          x={pad.left + slot * i + slot * 0.15}
          width={slot * 0.7}
          y={y(w.views)}
          height={Math.max(w.views > 0 ? 2 : 0, height - pad.bottom - y(w.views))}
          className="fill-brand"
          rx={2}
        />
      ))}
      {weeks.length > 1 && (
        <path
          d={line}
          className="fill-none stroke-accent"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
        />
      )}
      {weeks.map((w, i) => (
        <circle
          key={w.week}
          cx={pad.left + slot * (i + 0.5)}
          cy={y(w.visitors)}
          r={4}
          className="fill-accent"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}

/** The chart's key: what the bars and the line stand for. */
export function WeekChartKey({ views, visitors }: { views: string; visitors: string }) {
  return (
    <p className="flex flex-wrap gap-4 text-sm" aria-hidden="true">
      <span className="flex items-center gap-2">
        <span className="inline-block h-3 w-3 rounded-sm bg-brand" />
        {views}
      </span>
      <span className="flex items-center gap-2">
        <span className="inline-block h-3 w-3 rounded-full bg-accent" />
        {visitors}
      </span>
    </p>
  );
}
