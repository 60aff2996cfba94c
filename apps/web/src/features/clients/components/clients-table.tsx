/**
 * The accounts of /clients: name (to the client page), company, owner's e-mail, VAT number,
 * verification, users and created date, and Delete. Below 576 px only name, e-mail and Delete stay.
 */
import { ActionIcon, Anchor, Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { ClientListItem } from '@portside/contract/schemas/clients';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { BreakableEmail } from '../../../shared/ui/breakable-email';
import { Icon } from '../../../shared/ui/icons';
import { VerificationBadge } from './verification-badge';

export interface ClientsTableProps {
  rows: readonly ClientListItem[];
  onDelete: (c: { id: string; name: string }) => void;
}

export const personName = (c: { first_name: string; last_name: string }) => `${c.first_name} ${c.last_name}`;

export function ClientsTable({ rows, onDelete }: ClientsTableProps) {
  const { t } = useTranslation('clients');
  const formatDate = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('clients.table_label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('clients.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('clients.company')}</Table.Th>
            <Table.Th>{t('clients.email')}</Table.Th>
            <Table.Th visibleFrom="md">{t('clients.vat')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('clients.verification')}</Table.Th>
            <Table.Th visibleFrom="md">{t('clients.users')}</Table.Th>
            <Table.Th visibleFrom="md">{t('clients.created')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Anchor component={Link} to={buildPath('clients-item', { clientId: c.id })} size="sm">
                  {personName(c)}
                </Anchor>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {c.company_name}
                </Text>
                {c.deleted_at && (
                  <Badge size="xs" color="gray" variant="light">
                    {t('clients.deleted')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm">{c.company_name ?? '—'}</Table.Td>
              <Table.Td>{c.email ? <BreakableEmail email={c.email} /> : '—'}</Table.Td>
              <Table.Td visibleFrom="md">{c.vat_number ?? '—'}</Table.Td>
              <Table.Td visibleFrom="sm">
                <VerificationBadge status={c.verification_status} />
              </Table.Td>
              <Table.Td visibleFrom="md">{c.user_count}</Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm">{formatDate(c.created_at, { style: 'date' })}</Text>
              </Table.Td>
              <Table.Td>
                {!c.deleted_at && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('delete_client.button', { name: personName(c) })}
                    onClick={() => onDelete({ id: c.id, name: personName(c) })}
                  >
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
