import { useEffect, useRef, useState } from 'react';
import type { RevenueRow } from '../../../../contract/index.ts';
import { formatINR } from '../../../utils/format.ts';

const HEIGHT = 280;

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
              {
                label: 'Net',
                stroke: '#1d4ed8',
                fill: '#3b82f6',
                paths: bars(-1),
                points: { show: false },
                value: (_, value) => (value === null ? '' : formatINR(value)),
              },
              {
                label: 'Refunded',
                stroke: '#b91c1c',
                fill: '#f87171',
                paths: bars(1),
                points: { show: false },
                value: (_, value) => (value === null ? '' : formatINR(value)),
              },
            ],
          },
          [xs, rows.map((row) => row.net), rows.map((row) => row.refunded)],
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
      {failed ? <figcaption>The chart could not be drawn; the table below has the numbers.</figcaption> : null}
    </figure>
  );
}
