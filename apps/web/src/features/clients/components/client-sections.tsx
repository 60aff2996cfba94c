/**
 * The lists of the client page (issue 18): the account's users, cloud servers, dedicated servers,
 * services, invoices (the newest 50) and log (the newest 100), each with its own empty text.
 */
import type { ReactNode } from 'react';
import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ClientDetails } from '@portside/contract/schemas/clients';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { InvoiceStatusBadge } from '../../../shared/ui/invoice-status-badge';

interface SectionProps {
  title: string;
  empty: string;
  headers: string[];
  rows: ReactNode[][];
}

/** One titled table; its first column always shows, the others from 576 px on when there are more than three. */
function Section({ title, empty, headers, rows }: SectionProps) {
  const hide = (i: number) => (headers.length > 3 && i >= 3 ? 'sm' : undefined);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  {headers.map((h, i) => (
                    <Table.Th key={h} visibleFrom={hide(i)}>
                      {h}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, n) => (
                  <Table.Tr key={n}>
                    {r.map((cell, i) => (
                      <Table.Td key={i} visibleFrom={hide(i)} style={{ overflowWrap: 'anywhere' }}>
                        {cell}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

export function ClientSections({ client: c }: { client: ClientDetails }) {
  const { t } = useTranslation('clients');
  const formatDate = useDateFormat();
  const money = useMoney();
  const day = (d: string | null) => (d ? formatDate(d, { style: 'date' }) : '—');
  return (
    <Stack gap="md">
      <Section
        title={t('client.users')}
        empty={t('client.no_users')}
        headers={[t('users.email'), t('users.name'), t('users.status')]}
        rows={c.users.map((u) => [
          u.email,
          `${u.first_name} ${u.last_name}`,
          [u.is_owner && t('users.owner'), u.blocked && t('users.blocked'), !u.confirmed && t('users.unconfirmed')]
            .filter(Boolean)
            .join(', ') || '—',
        ])}
      />
      <Section
        title={t('client.vms')}
        empty={t('client.no_vms')}
        headers={[t('client.name'), t('client.model'), t('client.state'), t('clients.created')]}
        rows={c.vms.map((v) => [`${v.name} (#${v.provisioned_id})`, v.model, v.power_status, day(v.created_at)])}
      />
      <Section
        title={t('client.dedicated')}
        empty={t('client.no_dedicated')}
        headers={[t('dedicated.hostname'), t('dedicated.serial'), t('client.state'), t('dedicated.model'), t('dedicated.tag')]}
        rows={c.dedicated.map((d) => [
          d.hostname,
          <Anchor key="s" component={Link} to={`/all-dedicated-servers?serial=${encodeURIComponent(d.serial)}`} size="sm">
            {d.serial}
          </Anchor>,
          d.power_state,
          d.model,
          d.tag ?? '—',
        ])}
      />
      <Section
        title={t('client.services')}
        empty={t('client.no_services')}
        headers={[
          t('services.equipment'),
          t('services.description'),
          t('services.monthly'),
          t('services.start'),
          t('services.end'),
        ]}
        rows={c.services.map((s) => [
          s.equipment_id,
          s.description,
          s.monthly_cents === null ? '—' : money(s.monthly_cents),
          day(s.start_date),
          day(s.end_date),
        ])}
      />
      <Section
        title={t('client.invoices')}
        empty={t('client.no_invoices')}
        headers={[t('client.number'), t('client.status'), t('client.total'), t('client.issued'), t('client.due')]}
        rows={c.invoices.map((i) => [
          i.number,
          <InvoiceStatusBadge key="s" invoice={i} />,
          money(i.total_cents),
          day(i.issued_on),
          day(i.due_on),
        ])}
      />
      <Section
        title={t('client.log')}
        empty={t('client.no_log')}
        headers={[t('client.when'), t('client.action'), t('client.result'), t('client.who'), t('client.target')]}
        rows={c.logs.map((l) => [
          formatDate(l.created_at),
          l.action,
          <Badge key="r" variant="light" color={l.result === 'ok' ? 'green' : 'red'}>
            {l.result}
          </Badge>,
          l.actor_email ?? '—',
          l.target ?? '—',
        ])}
      />
    </Stack>
  );
}
