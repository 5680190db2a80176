import { useTranslations } from 'next-intl';

export type ChartPoint = { date: string; value: number };

const W = 600;
const H = 160;

/** The top of the axis: the smallest of 1, 2, 4, 6, 8 (x a power of ten) that holds `max`, so half of it is a round number. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const mag = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 4, 6, 8, 10].find((c) => c * mag >= max - 1e-12) ?? 10;
  return Number((step * mag).toPrecision(12));
}

/**
 * A bar per day, hand-written SVG. The SVG is one labelled image (title and a
 * summary in desc); each bar carries its own title for pointer users; the axis
 * labels are HTML so they stay readable at any width. The numbers themselves
 * are in the overview's data table.
 */
export function DailyChart({ id, title, points, format, barClass }: { id: string; title: string; points: ChartPoint[]; format: (n: number) => string; barClass: string }) {
  const t = useTranslations('overview.chart');
  const highest = Math.max(...points.map((p) => p.value), 0);
  const max = niceMax(highest);
  const total = points.reduce((s, p) => s + p.value, 0);
  const peak = points.reduce<ChartPoint | null>((best, p) => (p.value > (best?.value ?? 0) ? p : best), null);
  const slot = W / Math.max(points.length, 1);
  const first = points[0]?.date ?? '';
  const last = points[points.length - 1]?.date ?? '';
  const summary =
    highest === 0
      ? t('empty', { first, last })
      : t('summary', { first, last, total: format(total), peak: format(peak!.value), peakDate: peak!.date });
  const ticks = highest === 0 ? ['', '', format(0)] : [format(max), format(max / 2), format(0)];

  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-medium text-slate-800">{title}</figcaption>
      <div className="flex gap-2">
        <div className="flex w-14 shrink-0 flex-col justify-between text-right text-xs text-slate-600" aria-hidden="true" style={{ height: H }}>
          {ticks.map((tick, i) => (
            <span key={i} className="-my-2 min-h-4">
              {tick}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1">
          {highest === 0 && (
            <p className="absolute inset-x-0 top-1/3 text-center text-sm text-slate-600" aria-hidden="true">
              {t('nothing', { days: points.length })}
            </p>
          )}
          <svg role="img" aria-labelledby={`${id}-t ${id}-d`} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="block w-full" style={{ height: H }}>
            <title id={`${id}-t`}>{title}</title>
            <desc id={`${id}-d`}>{summary}</desc>
            {[0, H / 2, H - 1].map((y) => (
              <line key={y} x1={0} x2={W} y1={y} y2={y} className="stroke-slate-200" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
            {points.map((p, i) => {
              const h = (p.value / max) * (H - 2);
              return (
                <rect key={p.date} x={i * slot + slot * 0.15} width={slot * 0.7} y={H - h} height={h} className={barClass}>
                  <title>{`${p.date}: ${format(p.value)}`}</title>
                </rect>
              );
            })}
          </svg>
          <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
            <span>{first.slice(5)}</span>
            <span>{points[Math.floor(points.length / 2)]?.date.slice(5)}</span>
            <span>{last.slice(5)}</span>
          </div>
        </div>
      </div>
      <p className="sr-only">{summary}</p>
    </figure>
  );
}
