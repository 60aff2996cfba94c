/**
 * The DNS records a custom domain needs at the customer's DNS provider: the TXT record that proves
 * the domain is theirs (its name and value, each with a copy button), and the A and AAAA records
 * that point the domain at the server's addresses.
 */
import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CopyValue } from './copy-value';

export interface DnsRecordsProps {
  domain: string;
  challengeName: string;
  challengeValue: string;
  ipv4: string | null;
  ipv6: string | null;
  /** Leave the TXT record out (a verified domain needs it no longer to be shown first). */
  withTxt?: boolean;
}

export function DnsRecords({ domain, challengeName, challengeValue, ipv4, ipv6, withTxt = true }: DnsRecordsProps) {
  const { t } = useTranslation('network');
  const rows: { type: string; name: string; value: string; what: string }[] = [];
  if (withTxt) rows.push({ type: 'TXT', name: challengeName, value: challengeValue, what: t('records.txt_what') });
  if (ipv4) rows.push({ type: 'A', name: domain, value: ipv4, what: t('records.a_what') });
  if (ipv6) rows.push({ type: 'AAAA', name: domain, value: ipv6, what: t('records.a_what') });
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing={6} withTableBorder aria-label={t('records.label', { domain })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>{t('records.type')}</Table.Th>
              <Table.Th>{t('records.record')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.type}-${r.value}`} data-testid={`dns-record-${r.type}`}>
                <Table.Td>
                  <Text size="sm" fw={700}>
                    {r.type}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap={6} wrap="nowrap" align="center">
                      <Text size="xs" c="dimmed" miw={40} style={{ flexShrink: 0 }}>
                        {t('records.name')}
                      </Text>
                      <CopyValue value={r.name} size="xs" label={t('records.copy_name', { type: r.type })} />
                    </Group>
                    <Group gap={6} wrap="nowrap" align="center">
                      <Text size="xs" c="dimmed" miw={40} style={{ flexShrink: 0 }}>
                        {t('records.value')}
                      </Text>
                      <CopyValue value={r.value} size="xs" label={t('records.copy_value', { type: r.type })} />
                    </Group>
                    <Text size="xs" c="dimmed">
                      {r.what}
                    </Text>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!ipv4 && !ipv6 && <Text size="sm">{t('records.no_address')}</Text>}
    </Stack>
  );
}
