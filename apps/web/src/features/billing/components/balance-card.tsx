/** The credit balance: what deposits left to pay invoices with, and the 'Add funds' action. */
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
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
          {balance.isPending ? (
            <Loader size="sm" aria-label={t('balance.loading')} />
          ) : balance.error ? (
            <Text c="red" role="alert">
              {t('balance.failed')}
            </Text>
          ) : (
            <Text fz={32} fw={700} data-testid="balance-amount">
              {money(balance.data ?? 0)}
            </Text>
          )}
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
