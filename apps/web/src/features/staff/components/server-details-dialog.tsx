/**
 * One dedicated server's details for staff: the account, model and address, power state (and the
 * power function in flight or failed), health, BMC reachability, when the inventory was read, and
 * its disks and sensors with their health. Opened from the list or by a link (`?serial=`).
 */
import { Alert, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ServerStats } from '@portside/contract/schemas/dedicated';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { QueryState } from '../../../shared/ui/query-state';
import { useServerDetails } from '../api/get-server-stats';
import { ServerStateBadges } from './server-state-badges';

export function ServerDetailsDialog({ serial, onClose }: { serial: string | null; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const narrow = useMediaQuery('(max-width: 48em)');
  const details = useServerDetails(serial);
  const server = details.data ?? null;
  return (
    <Modal
      opened={serial !== null}
      onClose={onClose}
      title={server ? server.hostname : t('server_stats.details_title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="xl"
      fullScreen={narrow}
    >
      <QueryState query={details} loadingLabel={t('server_stats.loading_one')}>
        {server ? (
          <Details server={server} />
        ) : (
          <Alert color="gray">{t('server_stats.not_found', { serial: serial ?? '' })}</Alert>
        )}
      </QueryState>
    </Modal>
  );
}

function Details({ server: d }: { server: ServerStats }) {
  const { t } = useTranslation('staff');
  const formatDate = useDateFormat();
  const facts: Array<[string, string]> = [
    [t('server_stats.serial'), d.serial],
    [t('server_stats.account'), d.client_name ?? '—'],
    [t('server_stats.model'), `${d.model} · ${d.cpu_name}`],
    [t('server_stats.location'), d.location_name],
    [t('server_stats.ipv4'), d.ipv4 ?? '—'],
    [t('server_stats.power_read'), d.power_state_at ? formatDate(d.power_state_at) : t('server_stats.never')],
    [t('server_stats.synced'), d.synced_at ? formatDate(d.synced_at) : t('server_stats.never')],
  ];
  return (
    <Stack gap="md">
      <ServerStateBadges power={d.power_state} health={d.health} reachable={d.bmc_reachable} />
      {d.power_job && (
        <Alert color={d.power_job.status === 'failed' ? 'red' : 'blue'} variant="light">
          {t(`server_stats.job_${d.power_job.status}`, { action: d.power_job.action })}
          {d.power_job.error ? ` — ${d.power_job.error}` : ''}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed" component="dt">
              {label}
            </Text>
            <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Title order={3} fz="h5">
        {t('server_stats.disks')}
      </Title>
      {d.disks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('server_stats.no_inventory')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={4} aria-label={t('server_stats.disks')}>
            <Table.Tbody>
              {d.disks.map((k) => (
                <Table.Tr key={k.serial}>
                  <Table.Td>
                    <Text size="sm">{k.model}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {k.serial} · {k.media_type} · {k.capacity_gb} GB
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" c={k.health === 'OK' ? undefined : 'red'} fw={k.health === 'OK' ? 400 : 600}>
                      {t(`server_stats.health.${k.health}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {d.sensors.length > 0 && (
        <>
          <Title order={3} fz="h5">
            {t('server_stats.sensors')}
          </Title>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4} aria-label={t('server_stats.sensors')}>
              <Table.Tbody>
                {d.sensors.map((x) => (
                  <Table.Tr key={x.name}>
                    <Table.Td>
                      <Text size="sm">{x.name}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{x.reading === null ? '—' : `${x.reading} ${x.unit === 'Cel' ? '°C' : x.unit}`}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c={x.health === 'OK' ? undefined : 'red'}>
                        {t(`server_stats.health.${x.health}`)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
