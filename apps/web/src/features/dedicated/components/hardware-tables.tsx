/**
 * What the BMC reports of the server's hardware (spec 1 §2 'disk summary', §3): its disks (serial,
 * media type, health as a coloured badge, capacity) under a one-line summary, its RAM modules and
 * its temperature and fan sensors — compact tables that fit a phone, with when they were read.
 */
import { Alert, Table, Text } from '@mantine/core';
import type { ServerStats } from '@portside/contract/schemas/dedicated';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useUnits } from '../lib/units';
import { HealthBadge } from './dedicated-badges';
import { Section } from './section';

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

export function DisksTable({ server }: { server: ServerStats }) {
  const { t } = useTranslation('dedicated');
  const date = useDateFormat();
  const unit = useUnits();
  const disks = server.disks;
  const total = disks.reduce((sum, d) => sum + d.capacity_gb, 0);
  const unhealthy = disks.filter((d) => d.health !== 'OK').length;
  return (
    <Section
      id="disks"
      title={t('disks.title')}
      subtitle={server.synced_at ? t('hardware.read_at', { time: date(server.synced_at) }) : t('hardware.never_read')}
    >
      {disks.length === 0 ? (
        <Empty text={t('disks.none')} />
      ) : (
        <>
          <Text size="sm">{t('disks.summary', { count: disks.length, total: unit(total, 'gigabyte') })}</Text>
          {unhealthy > 0 && (
            <Alert color="yellow" variant="light">
              {t('disks.unhealthy', { count: unhealthy })}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label={t('disks.table_label')} verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('disks.serial')}</Table.Th>
                  <Table.Th>{t('disks.health')}</Table.Th>
                  <Table.Th ta="right">{t('disks.capacity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {disks.map((d) => (
                  <Table.Tr key={d.serial}>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {d.serial}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('disks.media_model', { media: d.media_type, model: d.model })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <HealthBadge health={d.health} size="xs" />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {unit(d.capacity_gb, 'gigabyte')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Section>
  );
}

export function MemoryTable({ server }: { server: ServerStats }) {
  const { t } = useTranslation('dedicated');
  const unit = useUnits();
  const modules = server.ram_modules;
  const total = modules.reduce((sum, m) => sum + m.capacity_gb, 0);
  return (
    <Section
      id="memory"
      title={t('memory.title')}
      subtitle={modules.length > 0 ? t('memory.summary', { count: modules.length, total: unit(total, 'gigabyte') }) : undefined}
    >
      {modules.length === 0 ? (
        <Empty text={t('memory.none')} />
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table aria-label={t('memory.table_label')} verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('memory.slot')}</Table.Th>
                <Table.Th>{t('memory.module')}</Table.Th>
                <Table.Th>{t('disks.health')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {modules.map((m) => (
                <Table.Tr key={m.slot}>
                  <Table.Td>{m.slot}</Table.Td>
                  <Table.Td>
                    {[unit(m.capacity_gb, 'gigabyte'), m.type, m.speed_mhz ? unit(m.speed_mhz, 'megahertz') : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Table.Td>
                  <Table.Td>
                    <HealthBadge health={m.health} size="xs" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function SensorsTable({ server }: { server: ServerStats }) {
  const { t } = useTranslation('dedicated');
  const unit = useUnits();
  const reading = (value: number | null, name: string) => {
    if (value == null) return t('sensors.no_reading');
    if (name === 'Cel') return unit(value, 'celsius');
    if (name === 'RPM') return unit(value, 'rpm');
    if (name === '%') return unit(value, 'percent');
    return `${value} ${name}`;
  };
  return (
    <Section id="sensors" title={t('sensors.title')}>
      {server.sensors.length === 0 ? (
        <Empty text={t('sensors.none')} />
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table aria-label={t('sensors.table_label')} verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sensors.name')}</Table.Th>
                <Table.Th ta="right">{t('sensors.reading')}</Table.Th>
                <Table.Th>{t('disks.health')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {server.sensors.map((s) => (
                <Table.Tr key={`${s.kind}-${s.name}`}>
                  <Table.Td>
                    {s.name}
                    <Text size="xs" c="dimmed">
                      {t(`sensors.kind.${s.kind}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {reading(s.reading, s.unit)}
                  </Table.Td>
                  <Table.Td>
                    <HealthBadge health={s.health} size="xs" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
