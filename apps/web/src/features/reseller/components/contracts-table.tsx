/**
 * The reseller's clients under contract (spec 1 §4 'Contract: reseller, client, created, expires,
 * commission percent'): the client (name, company, how the contract came about), its period, its
 * status and what it has earned, with the way to its invoices and files. Below 576 px the period
 * moves under the client, so the earnings and the actions stay on screen.
 */
import { ActionIcon, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ResellerContract } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { Icon } from '../../../shared/ui/icons';

export interface ContractsTableProps {
  rows: readonly ResellerContract[];
  onInvoices: (c: ResellerContract) => void;
  onFiles: (c: ResellerContract) => void;
}

export function ContractsTable({ rows, onInvoices, onFiles }: ContractsTableProps) {
  const { t } = useTranslation('reseller');
  const formatDate = useDateFormat();
  const money = useMoney();
  const day = (v: string) => formatDate(v, { style: 'date' });

  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('contracts.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('contracts.client')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('contracts.since')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('contracts.until')}</Table.Th>
            <Table.Th visibleFrom="xs">{t('contracts.status')}</Table.Th>
            <Table.Th ta="right">{t('contracts.earned')}</Table.Th>
            <Table.Th ta="right">
              <VisuallyHidden>{t('contracts.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => {
            const name = c.client_company ?? c.client_name;
            return (
              <Table.Tr key={c.contract}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                  {c.client_company && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {c.client_name}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t(`contracts.origin_${c.origin}`)} · {t('contracts.percent', { percent: c.commission_percent })}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {day(c.created)} – {day(c.expires)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{day(c.created)}</Table.Td>
                <Table.Td visibleFrom="sm">{day(c.expires)}</Table.Td>
                <Table.Td visibleFrom="xs">
                  <Badge variant="light" color={c.status === 'active' ? 'green' : 'gray'}>
                    {t(`contracts.status_${c.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(c.commission_cents)}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('contracts.show_invoices', { name })}
                      onClick={() => onInvoices(c)}
                    >
                      <Icon name="billing" size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t('contracts.show_files', { name })} onClick={() => onFiles(c)}>
                      <Icon name="folder" size={18} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
