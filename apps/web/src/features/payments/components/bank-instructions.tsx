/** A bank transfer's instructions — beneficiary, IBAN, BIC, reference, amount — each with a copy button. */
import { ActionIcon, CopyButton, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { BankInstructions as Bank } from '@portside/contract/schemas/payments';
import { useMoney } from '../../../shared/format/use-money';
import { Icon } from '../../../shared/ui/icons';

function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('payments');
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('bank.copied') : t('bank.copy', { field: label })} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={t('bank.copy', { field: label })}
          >
            <Icon name={copied ? 'check' : 'copy'} size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

export function BankInstructions({ bank }: { bank: Bank }) {
  const { t } = useTranslation('payments');
  const money = useMoney();
  const rows: Array<[string, string, string]> = [
    [t('bank.beneficiary'), bank.beneficiary, bank.beneficiary],
    [t('bank.iban'), bank.iban, bank.iban.replace(/\s+/g, '')],
    [t('bank.bic'), bank.bic, bank.bic],
    [t('bank.reference'), bank.reference, bank.reference],
    [t('bank.amount'), money(bank.amount_cents), (bank.amount_cents / 100).toFixed(2)],
  ];
  return (
    <Stack gap="xs">
      <Text size="sm">{t('bank.intro')}</Text>
      <Table withRowBorders={false} verticalSpacing={4} aria-label={t('bank.title')}>
        <Table.Tbody>
          {rows.map(([label, shown, copied]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500} c="dimmed" w="30%">
                {label}
              </Table.Th>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="space-between">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {shown}
                  </Text>
                  <CopyValue label={label} value={copied} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
