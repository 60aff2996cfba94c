/**
 * The banned addresses: the address, why (the kind of attempt: login, password reset, ...), the
 * failures against the limit, since when and until when, with Unban. At 390 px the counts and
 * times move under the address.
 */
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { BannedAddressRow } from '@portside/contract/schemas/staff';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** The kinds of attempt the limiter counts (rate-policies.ts on the server), each with a translated name. */
const KNOWN_KINDS = [
  'login',
  'reset',
  'reset-confirm',
  'register',
  'confirm',
  'resend',
  'notifications',
  'payments',
  'pay-link',
  'reseller',
  'abuse',
  'guest-ticket',
];

export function BannedTable({ rows, onUnban }: { rows: readonly BannedAddressRow[]; onUnban: (row: BannedAddressRow) => void }) {
  const { t } = useTranslation('staff');
  const formatDate = useDateFormat();
  const kind = (k: string) => (KNOWN_KINDS.includes(k) ? t(`unban.kinds.${k}`) : k);
  const id = (r: BannedAddressRow) => `banned-${r.ip.replace(/[^a-z0-9]/gi, '-')}-${r.kind}`;
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('unban.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('unban.address')}</Table.Th>
            <Table.Th>{t('unban.why')}</Table.Th>
            <Table.Th visibleFrom="sm" ta="right">
              {t('unban.failures')}
            </Table.Th>
            <Table.Th visibleFrom="sm">{t('unban.since')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('unban.until')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.ip} ${r.kind}`}>
              <Table.Td>
                <Text size="sm" ff="monospace" id={id(r)} style={{ overflowWrap: 'anywhere' }}>
                  {r.ip}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {t('unban.failures_of', { count: r.failures, max: r.max_failures })} ·{' '}
                  {t('unban.until_short', { when: formatDate(r.until) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{kind(r.kind)}</Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" ta="right">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('unban.failures_of', { count: r.failures, max: r.max_failures })}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" component="time" dateTime={r.first_at} style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(r.first_at)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('unban.last', { when: formatDate(r.last_at, { style: 'time' }) })}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" component="time" dateTime={r.until} style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(r.until)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="light" onClick={() => onUnban(r)} aria-describedby={id(r)}>
                  {t('unban.unban')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
