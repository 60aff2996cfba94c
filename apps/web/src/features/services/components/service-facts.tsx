/** What a service is (spec 1 §3 Service item): ids, category, server, dates, term, price, trial. */
import type { ReactNode } from 'react';
import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { MyService } from '@portside/contract/schemas/services';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export function ServiceFacts({ service: s }: { service: MyService }) {
  const { t } = useTranslation('services');
  const formatDate = useDateFormat();
  const money = useMoney();
  const day = (d: string | null) => (d ? formatDate(d, { style: 'date' }) : '—');
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
        <Fact label={t('columns.equipment_id')}>{s.equipment_id}</Fact>
        <Fact label={t('columns.parent')}>
          {s.parent_equipment_id ? (
            <Anchor component={Link} to={buildPath('my-services-item', { equipment_id: s.parent_equipment_id })} size="sm">
              {s.parent_equipment_id}
            </Anchor>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label={t('columns.category')}>{t(`category.${s.category}`)}</Fact>
        <Fact label={t('columns.server')}>
          {s.provisioned_id && s.server_name ? (
            <Anchor component={Link} to={buildPath('server_details', { provisioned_id: s.provisioned_id })} size="sm">
              {s.server_name}
            </Anchor>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label={t('columns.start_date')}>{day(s.start_date)}</Fact>
        <Fact label={t('columns.end_date')}>{day(s.end_date)}</Fact>
        <Fact label={t('columns.min_cancel_date')}>{day(s.min_cancel_date)}</Fact>
        <Fact label={t('columns.contract_months')}>{t('details.months', { count: s.contract_months })}</Fact>
        <Fact label={t('columns.monthly')}>{s.monthly_cents === null ? '—' : money(s.monthly_cents)}</Fact>
        <Fact label={t('columns.trial_until')}>{day(s.trial_until)}</Fact>
        <Fact label={t('columns.client')}>{s.client_name}</Fact>
      </SimpleGrid>
    </Paper>
  );
}
