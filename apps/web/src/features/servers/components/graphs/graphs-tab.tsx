/**
 * The Graphs tab (spec 1 §2, spec 2 §9): the server's CPU, memory, network and disk use over
 * 1 hour, 1 day, a week or a month (VmGraphData). Loaded lazily with its charts.
 */
import { useState } from 'react';
import { Alert, Group, Loader, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../../shared/format/use-date-format';
import { intlLocale } from '../../../../shared/format/date';
import { QueryState } from '../../../../shared/ui/query-state';
import { useVmGraph } from '../../api/get-vm-graph';
import { formatBytes, niceBytesMax } from '../../lib/graph-math';
import { GRAPH_RANGES, type GraphRange, type VmGraphPoint } from '@portside/contract/schemas/vms';
import type { VmRow } from '@portside/contract/schemas/vms';
import { LineChart, type ChartSeries } from './line-chart';

type Metric = 'cpu' | 'memory' | 'network' | 'disk';
const METRICS: readonly Metric[] = ['cpu', 'memory', 'network', 'disk'];

const COLORS = ['var(--mantine-color-blue-6)', 'var(--mantine-color-orange-6)'] as const;

function column(points: readonly VmGraphPoint[], key: keyof VmGraphPoint, scale = 1): (number | null)[] {
  return points.map((p) => (typeof p[key] === 'number' ? p[key] * scale : null));
}

export default function GraphsTab({ vm }: { vm: VmRow }) {
  const { t, i18n } = useTranslation('servers');
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  const formatDate = useDateFormat();
  const [range, setRange] = useState<GraphRange>('1h');
  const graph = useVmGraph(vm.provisioned_id, range);
  const points = [...(graph.data ?? [])].sort((a, b) => a.time - b.time);
  const times = points.map((p) => p.time);
  const formatTime = (s: number) => formatDate(s * 1000, { style: range === '1h' || range === '1d' ? 'time' : 'date' });
  const percent = (v: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(v)} %`;
  const bytes = (v: number) => formatBytes(v, locale);
  // B/s, KiB/s …: unit symbols, the same in every language.
  const rate = (v: number) => `${formatBytes(v, locale)}/s`;

  const charts: Record<Metric, { series: ChartSeries[]; format: (v: number) => string; max?: number }> = {
    cpu: {
      series: [{ label: t('graphs.series.cpu'), color: COLORS[0], values: column(points, 'cpu', 100) }],
      format: percent,
      max: 100,
    },
    memory: {
      series: [
        { label: t('graphs.series.mem'), color: COLORS[0], values: column(points, 'mem') },
        { label: t('graphs.series.maxmem'), color: COLORS[1], values: column(points, 'maxmem') },
      ],
      format: bytes,
    },
    network: {
      series: [
        { label: t('graphs.series.netin'), color: COLORS[0], values: column(points, 'netin') },
        { label: t('graphs.series.netout'), color: COLORS[1], values: column(points, 'netout') },
      ],
      format: rate,
    },
    disk: {
      series: [
        { label: t('graphs.series.diskread'), color: COLORS[0], values: column(points, 'diskread') },
        { label: t('graphs.series.diskwrite'), color: COLORS[1], values: column(points, 'diskwrite') },
      ],
      format: rate,
    },
  };

  const describe = (series: ChartSeries[], format: (v: number) => string) =>
    series
      .map((s) => {
        const vals = s.values.filter((v): v is number => v !== null);
        const last = vals[vals.length - 1];
        return last === undefined
          ? t('graphs.describe_none', { series: s.label })
          : t('graphs.describe', { series: s.label, latest: format(last), highest: format(Math.max(...vals)) });
      })
      .join(' ');

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          aria-label={t('graphs.range_label')}
          value={range}
          onChange={(v) => setRange(v)}
          data={GRAPH_RANGES.map((r) => ({ value: r, label: t(`graphs.ranges.${r}`) }))}
        />
        {graph.isFetching && <Loader size="sm" aria-label={t('graphs.loading')} />}
      </Group>
      <QueryState
        query={graph}
        loadingLabel={t('graphs.loading')}
        isEmpty={() => points.length === 0}
        empty={
          <Alert color="gray" variant="light">
            {t('graphs.empty')}
          </Alert>
        }
        skeleton={
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {METRICS.map((m) => (
              <Skeleton key={m} h={220} radius="md" />
            ))}
          </SimpleGrid>
        }
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-range={range} aria-busy={graph.isPlaceholderData}>
          {METRICS.map((m) => {
            const c = charts[m];
            const title = t('graphs.title', { metric: t(`graphs.metrics.${m}`), range: t(`graphs.ranges.${range}`) });
            return (
              <LineChart
                key={m}
                title={title}
                times={times}
                series={c.series}
                formatValue={c.format}
                formatTime={formatTime}
                max={c.max}
                niceTop={niceBytesMax}
                description={describe(c.series, c.format)}
              />
            );
          })}
        </SimpleGrid>
      </QueryState>
      <Text size="xs" c="dimmed">
        {t('graphs.note')}
      </Text>
    </Stack>
  );
}
