/**
 * Service history on a phone: one card per entry instead of a table row (nine columns do not fit
 * 390 px, and a column cut off at the edge hides the change type) — the service, the change and
 * when, then the dates, category, contract and the history id.
 */
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ServiceHistoryRow } from '@portside/contract/schemas/services';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { CHANGE_COLORS } from './history-table';
import { HistoryServiceRef } from './history-service-ref';

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}

export function HistoryCards({ rows, withService }: { rows: readonly ServiceHistoryRow[]; withService: boolean }) {
  const { t } = useTranslation('services');
  const formatDate = useDateFormat();
  const day = (d: string | null) => (d ? formatDate(d, { style: 'date' }) : '—');
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('history.table_label')}>
      {rows.map((h) => (
        <Paper component="li" key={h.history_id} withBorder radius="sm" p="xs">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                {withService && <HistoryServiceRef entry={h} />}
                <Text size="xs" c="dimmed" component="time" dateTime={h.change_date}>
                  {formatDate(h.change_date)}
                </Text>
              </div>
              <Badge color={CHANGE_COLORS[h.change_type]} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
                {t(`change.${h.change_type}`)}
              </Badge>
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0}>
              <Fact label={t('columns.start_date')} value={day(h.start_date)} />
              <Fact label={t('columns.end_date')} value={day(h.end_date)} />
              <Fact label={t('columns.min_cancel_date')} value={day(h.min_cancel_date)} />
              <Fact label={t('columns.contract_months')} value={h.contract_months} />
              <Fact label={t('columns.category')} value={t(`category.${h.category}`)} />
              <Fact label={t('columns.history_id')} value={h.history_id} />
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
