import 'uplot/dist/uPlot.min.css';
import type { DayCount } from '@docent/shared';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { COUNT_STEPS, DAILY_SERIES, DAY_STEPS, dailyColumns } from './chart-series.ts';
import { formatCount } from './format.ts';

const HALF_DAY = 43_200;
const COLORS = { conversations: '#3fd083', messages: '#1d2b25', unanswered: '#b54708' };

const dayLabel = (seconds: number, withYear = false) =>
  new Date(seconds * 1000).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  });

const countValue = (_u: uPlot, v: number | null) => (v === null ? '' : formatCount(v));

function chartOptions(width: number, height: number): uPlot.Options {
  const axis = { stroke: '#6b7872', grid: { stroke: '#eef2f0' }, ticks: { show: false } };
  return {
    width,
    height,
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: {
      x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        ...axis,
        space: 64,
        incrs: DAY_STEPS,
        values: (_u, splits) => splits.map((s) => dayLabel(s)),
      },
      { ...axis, size: 48, incrs: COUNT_STEPS, values: (_u, s) => s.map((v) => formatCount(v)) },
    ],
    series: [
      { label: 'Day', value: (_u, v) => (v === null ? '' : dayLabel(v, true)) },
      {
        label: DAILY_SERIES[0].label,
        stroke: COLORS.conversations,
        fill: 'rgba(63, 208, 131, 0.55)',
        width: 0,
        paths: uPlot.paths.bars?.({ size: [0.7, 28], radius: 0.2 }),
        points: { show: false },
        value: countValue,
      },
      { label: DAILY_SERIES[1].label, stroke: COLORS.messages, width: 2, value: countValue },
      {
        label: DAILY_SERIES[2].label,
        stroke: COLORS.unanswered,
        width: 2,
        dash: [6, 4],
        value: countValue,
      },
    ],
  };
}

/**
 * Conversations (bars), messages and unanswered questions (lines) per local day, drawn by
 * uPlot on a canvas. The canvas is hidden from assistive technology: the same numbers are in
 * the table that goes with it (DailyTable).
 */
export function DailyChart({ days, height = 260 }: { days: DayCount[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(days);
  latest.current = days;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = new uPlot(chartOptions(el.clientWidth, height), dailyColumns(latest.current), el);
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [height]);

  useEffect(() => {
    plot.current?.setData(dailyColumns(days));
  }, [days]);

  return <div ref={box} className="daily-chart" aria-hidden="true" />;
}
