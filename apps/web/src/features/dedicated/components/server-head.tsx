/**
 * The head of a dedicated server's page: its hostname (the h1, renamed in place with the rule of
 * dedicated hostnames: letters, digits and hyphens), its health, and the facts that identify it —
 * serial, equipment id, main address, CPU, model and location.
 */
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ServerStats } from '@portside/contract/schemas/dedicated';
import { validateDedicatedHostname } from '@portside/contract/rules/validators';
import { useLocationName } from '../../../shared/format/use-location-name';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { InlineNameEditor } from '../../../shared/ui/inline-name-editor';
import { notifySuccess } from '../../../shared/ui/notify';
import { useUpdateHostname } from '../api/update-hostname';
import { HealthBadge, PowerStateBadge } from './dedicated-badges';

function Fact({ label, value, mono }: { label: string; value: string | number | null; mono?: boolean }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value ?? '—'}
      </Text>
    </Stack>
  );
}

/** `readOnly`: another account's server seen by staff — its hostname is not renamed here. */
export function ServerHead({ server, readOnly = false }: { server: ServerStats; readOnly?: boolean }) {
  const { t } = useTranslation(['dedicated', 'common']);
  const locationName = useLocationName();
  const rename = useUpdateHostname(server.serial);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs" align="center">
        {readOnly ? (
          <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
            {server.hostname || server.serial}
          </Title>
        ) : (
          <InlineNameEditor
            name={server.hostname}
            validate={(v) => validateDedicatedHostname(v)}
            save={(v) => rename.mutateAsync(v)}
            onSaved={(v) => notifySuccess(t('hostname.saved', { hostname: v }))}
            pending={rename.isPending}
            field="p_hostname"
            labels={{
              button: t('hostname.edit'),
              field: t('hostname.field'),
              save: t('common:actions.save'),
              cancel: t('common:actions.cancel'),
            }}
          >
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {server.hostname || server.serial}
            </Title>
          </InlineNameEditor>
        )}
        <Group gap="xs">
          <PowerStateBadge state={server.power_state} />
          <HealthBadge health={server.health} />
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
          <Fact label={t('columns.serial')} value={server.serial} mono />
          <Fact label={t('columns.equipment_id')} value={server.equipment_id} />
          <Fact label={t('columns.ipv4')} value={server.ipv4} mono />
          <Fact label={t('columns.cpu')} value={[server.cpu_family, server.cpu_name].filter(Boolean).join(' · ')} />
          <Fact label={t('columns.model')} value={server.model} />
          <Fact label={t('columns.location')} value={locationName(server.location, server.location_name)} />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
