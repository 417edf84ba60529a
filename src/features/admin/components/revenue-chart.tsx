import { useEffect, useRef, useState } from 'react';
import type { RevenueRow } from '../../../../contract/index.ts';
import { formatINR } from '../../../utils/format.ts';

const HEIGHT = 280;

/** The series drawn, their colours, and what each row contributes to them. */
const SERIES = [
  { label: 'Net (after discounts and refunds)', stroke: '#1d4ed8', fill: '#3b82f6', of: (row: RevenueRow) => row.net },
  { label: 'Refunded', stroke: '#b91c1c', fill: '#f87171', of: (row: RevenueRow) => row.refunded },
] as const;

/** Whether this browser draws on a canvas (a test DOM without one gets the table alone). */
function canDraw(): boolean {
  try {
    return typeof window.matchMedia === 'function' && document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * Net revenue and refunds as bars (uPlot, docs/decisions/021-revenue-chart.md). uPlot and its stylesheet
 * are imported when the chart first draws, so they load with the Revenue tab, never on a public page. The
 * chart's box keeps its height from the first render (nothing below moves when it draws); the table below
 * it holds the same numbers for screen readers and for anyone who prefers them.
 */
export function RevenueChart({ rows, title }: { rows: RevenueRow[]; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = box.current;
    if (!target || !canDraw()) return;
    let chart: { destroy: () => void } | null = null;
    let gone = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (gone) return;
        const xs = rows.map((_, index) => index);
        const bars = (align: -1 | 1) => UPlot.paths.bars!({ size: [0.35, 48], align });
        chart = new UPlot(
          {
            width: Math.max(target.clientWidth, 320),
            height: HEIGHT,
            // The legend with the period's values is the figure's own (below): uPlot's shows values only
            // under the pointer, and "--" otherwise.
            legend: { show: false },
            scales: { x: { time: false, range: () => [-0.5, rows.length - 0.5] } },
            axes: [
              {
                splits: () => xs,
                values: (_, splits) => splits.map((index) => rows[index]?.label ?? ''),
              },
              { size: 90, values: (_, values) => values.map((value) => formatINR(value)) },
            ],
            series: [
              { label: title.includes('month') ? 'Month' : 'Course', value: (_, index) => rows[index]?.label ?? '' },
              ...SERIES.map((series, i) => ({
                label: series.label,
                stroke: series.stroke,
                fill: series.fill,
                paths: bars(i === 0 ? -1 : 1),
                points: { show: false },
              })),
            ],
          },
          [xs, ...SERIES.map((series) => rows.map(series.of))],
          target,
        );
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [rows, title]);

  return (
    <figure className="revenue-chart">
      <div
        ref={box}
        role="img"
        aria-label={`${title}: net revenue and refunds (the numbers are in the table below)`}
        style={{ minHeight: HEIGHT }}
      />
      <figcaption>
        <ul className="chart-legend" aria-label="Legend: totals of the rows shown">
          {SERIES.map((series) => (
            <li key={series.label}>
              <span className="chart-swatch" style={{ background: series.fill, borderColor: series.stroke }} />
              {series.label} <strong>{formatINR(rows.reduce((sum, row) => sum + series.of(row), 0))}</strong>
            </li>
          ))}
        </ul>
        {failed ? 'The chart could not be drawn; the table below has the numbers.' : null}
      </figcaption>
    </figure>
  );
}
