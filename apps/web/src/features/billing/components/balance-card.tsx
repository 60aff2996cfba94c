/** The credit balance: what deposits left to pay invoices with, and the 'Add funds' action. */
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { QueryState } from '../../../shared/ui/query-state';
import { useMyBalance } from '../api/get-my-balance';
import { useMoney } from '../../../shared/format/use-money';

export function BalanceCard({ onAddFunds }: { onAddFunds: () => void }) {
  const { t } = useTranslation('billing');
  const money = useMoney();
  const balance = useMyBalance();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="billing-balance-title">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="billing-balance-title">
            {t('balance.title')}
          </Title>
          <QueryState query={balance} loadingLabel={t('balance.loading')} skeleton={<Skeleton h={40} w={160} radius="sm" />}>
            <Text fz={32} fw={700} data-testid="balance-amount">
              {balance.data != null && money(balance.data)}
            </Text>
          </QueryState>
          <Text size="sm" c="dimmed">
            {t('balance.hint')}
          </Text>
        </Stack>
        <Button leftSection={<Icon name="plus" />} onClick={onAddFunds}>
          {t('balance.add_funds')}
        </Button>
      </Group>
    </Card>
  );
}
