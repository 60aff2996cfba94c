/** An approved reseller's standing at a glance: its referral code, its clients and what it has earned. */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MyReseller, ResellerContract } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMoney } from '../../../shared/format/use-money';

function Figure({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} ff={mono ? 'monospace' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

export function ResellerSummary({
  reseller,
  contracts,
}: {
  reseller: MyReseller;
  contracts: UseQueryResult<ResellerContract[]>;
}) {
  const { t } = useTranslation('reseller');
  const money = useMoney();
  const rows = contracts.data;
  const active = rows?.filter((c) => c.status === 'active').length ?? 0;
  const earned = rows?.reduce((sum, c) => sum + c.commission_cents, 0) ?? 0;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Figure label={t('summary.code')} value={reseller.referrer_code ?? '—'} mono />
      <Figure label={t('summary.percent')} value={t('programme.commission_value', { percent: reseller.commission_percent })} />
      <Figure label={t('summary.clients')} value={rows ? t('summary.clients_value', { active, total: rows.length }) : '…'} />
      <Figure label={t('summary.earned')} value={rows ? money(earned) : '…'} />
    </SimpleGrid>
  );
}
