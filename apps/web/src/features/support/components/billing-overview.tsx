/**
 * The client area's billing part (issue 16): the account's external billing portal as a button
 * when the provider gave it one (MyProfile invoice_ninja_client_link), else a short overview — the
 * credit balance, what the open invoices come to and the next one due — with the way to /billing.
 * Users without billing-manage see neither (the reads would refuse them) but a note why.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { openAmountCents } from '@portside/contract/schemas/billing';
import { buildPath } from '@portside/contract/routes';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/store';
import { useClaim } from '../../../shared/session/use-claim';
import { Icon } from '../../../shared/ui/icons';
import { QueryState } from '../../../shared/ui/query-state';
import { useBillingOverview } from '../api/get-billing-overview';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function Overview() {
  const { t } = useTranslation('support');
  const money = useMoney();
  const formatDate = useDateFormat();
  const overview = useBillingOverview(true);
  const open = overview.data?.open ?? [];
  const due = open.reduce((sum, i) => sum + openAmountCents(i), 0);
  const next = open[0];
  return (
    <QueryState query={overview} loadingLabel={t('client_area.loading')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Fact label={t('client_area.balance')} value={money(overview.data?.balanceCents ?? 0)} testId="client-area-balance" />
          <Fact label={t('client_area.open_invoices', { count: open.length })} value={money(due)} testId="client-area-due" />
          <Fact
            label={t('client_area.next_due')}
            value={next ? formatDate(next.due_on, { style: 'date' }) : t('client_area.nothing_due')}
            testId="client-area-next-due"
          />
        </SimpleGrid>
        <Group>
          <Button component={Link} to={buildPath('billing')} variant="light" leftSection={<Icon name="billing" />}>
            {t('client_area.to_billing')}
          </Button>
        </Group>
      </Stack>
    </QueryState>
  );
}

export function BillingOverview() {
  const { t } = useTranslation('support');
  const stored = useSession('customerDetails')?.invoice_ninja_client_link ?? null;
  // Only a web address is a link to follow (never a javascript: or data: one).
  const link = stored && /^https?:\/\//i.test(stored) ? stored : null;
  const manages = useClaim('billing-manage');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="client-area-billing">
      <Stack gap="md">
        <Title order={2} fz="h4" id="client-area-billing">
          {t('client_area.title')}
        </Title>
        {link ? (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('client_area.external_intro')}</Text>
            <Button component="a" href={link} target="_blank" rel="noopener noreferrer" rightSection={<Icon name="external" />}>
              {t('client_area.external_open')}
            </Button>
          </Stack>
        ) : manages ? (
          <Overview />
        ) : (
          <Text size="sm" c="dimmed">
            {t('client_area.no_access')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
