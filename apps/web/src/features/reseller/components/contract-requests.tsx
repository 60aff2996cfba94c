/** The reseller's requests for contracts with existing customers, and how staff decided them. */
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { ContractRequestStatus } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { QueryState } from '../../../shared/ui/query-state';
import { useContractRequests } from '../api/get-contract-requests';

const COLOR: Record<ContractRequestStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'gray' };

/** Shows nothing until the reseller has asked for a contract. */
export function ContractRequests() {
  const { t } = useTranslation('reseller');
  const formatDate = useDateFormat();
  const requests = useContractRequests();
  const rows = requests.data ?? [];
  if (requests.isSuccess && rows.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t('request.heading')}
      </Title>
      <QueryState query={requests} loadingLabel={t('request.loading')} skeleton={2}>
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" aria-label={t('request.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('request.email')}</Table.Th>
                <Table.Th visibleFrom="xs">{t('request.requested')}</Table.Th>
                <Table.Th>{t('contracts.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.request}>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {r.email}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="xs">{formatDate(r.created_at, { style: 'date' })}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={COLOR[r.status]}>
                      {t(`request.status_${r.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
    </Stack>
  );
}
