/**
 * A small SVG line chart: value axis from zero with four ticks, time axis with the first, middle
 * and last sample times, one line per series and a legend. It is an image with a title and a
 * description (each series' latest and highest value) for screen readers.
 */
import { useId } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { linePath, niceMax, seriesMax, ticks } from '../../lib/graph-math';

export interface ChartSeries {
  label: string;
  color: string;
  values: readonly (number | null)[];
}

export interface LineChartProps {
  title: string;
  /** Sample times, unix seconds, ascending. */
  times: readonly number[];
  series: readonly ChartSeries[];
  formatValue: (v: number) => string;
  formatTime: (unixSeconds: number) => string;
  /** Fixed top of the value axis (e.g. 100 for percentages). */
  max?: number;
  /** How the axis top is rounded up from the highest value (decimal 1-2-5 steps by default). */
  niceTop?: (highest: number) => number;
  /** Description for screen readers (latest and highest values). */
  description: string;
}

const W = 560;
const H = 200;
const BOX = { left: 80, top: 10, width: W - 80 - 12, height: H - 10 - 28 };

export function LineChart({
  title,
  times,
  series,
  formatValue,
  formatTime,
  max,
  niceTop = niceMax,
  description,
}: LineChartProps) {
  const id = useId();
  const top = max ?? niceTop(seriesMax(series.map((s) => s.values)));
  const yTicks = ticks(top);
  const xIdx = times.length > 2 ? [0, Math.floor((times.length - 1) / 2), times.length - 1] : times.map((_, i) => i);
  const t0 = times[0] ?? 0;
  const span = (times[times.length - 1] ?? t0) - t0 || 1;

  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id={`${id}-t`}>
        {title}
      </Text>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{ display: 'block', maxHeight: 220 }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {yTicks.map((v) => {
          const y = BOX.top + BOX.height - (v / top) * BOX.height;
          return (
            <g key={v}>
              <line
                x1={BOX.left}
                x2={BOX.left + BOX.width}
                y1={y}
                y2={y}
                stroke="var(--mantine-color-default-border)"
                strokeDasharray={v === 0 ? undefined : '3 3'}
              />
              <text x={BOX.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="var(--mantine-color-dimmed)">
                {formatValue(v)}
              </text>
            </g>
          );
        })}
        {xIdx.map((i, n) => {
          const time = times[i] ?? t0;
          const x = BOX.left + ((time - t0) / span) * BOX.width;
          const anchor = n === 0 ? 'start' : n === xIdx.length - 1 ? 'end' : 'middle';
          return (
            <text key={i} x={x} y={H - 8} textAnchor={anchor} fontSize="11" fill="var(--mantine-color-dimmed)">
              {formatTime(time)}
            </text>
          );
        })}
        {series.map((s) => (
          <path
            key={s.label}
            d={linePath(times, s.values, BOX, top)}
            fill="none"
            stroke={s.color}
            strokeWidth={1.8}
            strokeLinejoin="round"
          />
        ))}
      </svg>
      <Group gap="md" aria-hidden="true">
        {series.map((s) => (
          <Group key={s.label} gap={4} wrap="nowrap">
            <span style={{ width: 12, height: 3, background: s.color, display: 'inline-block', borderRadius: 2 }} />
            <Text size="xs" c="dimmed">
              {s.label}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
