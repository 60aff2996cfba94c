/** The head of the client page: who the account is, its billing address, verification and balance. */
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ClientDetails } from '@portside/contract/schemas/clients';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { VerificationBadge } from './verification-badge';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function ClientSummary({ client: c }: { client: ClientDetails }) {
  const { t } = useTranslation('clients');
  const formatDate = useDateFormat();
  const money = useMoney();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <VerificationBadge status={c.verification_status} />
          {c.deleted_at && (
            <Badge color="gray" variant="light">
              {t('client.deleted_on', { date: formatDate(c.deleted_at, { style: 'date' }) })}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field label={t('clients.email')}>{c.email ?? '—'}</Field>
          <Field label={t('clients.company')}>{c.company_name ?? '—'}</Field>
          <Field label={t('clients.vat')}>{c.vat_number ?? '—'}</Field>
          <Field label={t('client.address')}>{`${c.address}, ${c.postcode} ${c.city}, ${c.country}`}</Field>
          <Field label={t('client.phone')}>{c.phone}</Field>
          <Field label={t('client.language_timezone')}>{`${c.language} · ${c.timezone}`}</Field>
          <Field label={t('clients.created')}>{formatDate(c.created_at, { style: 'date' })}</Field>
          <Field label={t('client.balance')}>{money(c.balance_cents)}</Field>
          <Field label={t('client.id')}>{c.id}</Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
