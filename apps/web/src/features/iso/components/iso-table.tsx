/**
 * The account's ISO images: name, state (with the download's progress or why it failed), size,
 * where copies are, servers using it, when added, and download / delete. Phones show the state
 * and size under the name.
 */
import { ActionIcon, Badge, Group, Progress, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { IsoRow } from '@portside/contract/schemas/vm-data';
import { useBytes } from '../../../shared/format/use-bytes';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useLocationName } from '../../../shared/format/use-location-name';
import { Icon } from '../../../shared/ui/icons';

const STATUS_COLOR = { downloading: 'blue', ready: 'green', failed: 'red' } as const;

function IsoState({ iso }: { iso: IsoRow }) {
  const { t } = useTranslation('iso');
  return (
    <Stack gap={4}>
      <Badge variant="light" color={STATUS_COLOR[iso.status]}>
        {t(`status.${iso.status}`)}
      </Badge>
      {iso.status === 'downloading' && (
        <Group gap={6} wrap="nowrap">
          <Progress value={iso.progress} w={80} aria-label={t('table.progress_label', { name: iso.file_name })} animated />
          <Text size="xs">{iso.progress} %</Text>
        </Group>
      )}
      {iso.status === 'failed' && iso.error && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {iso.error}
        </Text>
      )}
    </Stack>
  );
}

export interface IsoTableProps {
  rows: readonly IsoRow[];
  onDelete: (iso: IsoRow) => void;
}

export function IsoTable({ rows, onDelete }: IsoTableProps) {
  const { t } = useTranslation('iso');
  const formatDate = useDateFormat();
  const bytes = useBytes();
  const locationName = useLocationName();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" aria-label={t('table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('table.status')}</Table.Th>
            <Table.Th visibleFrom="sm" ta="right">
              {t('table.size')}
            </Table.Th>
            <Table.Th visibleFrom="md">{t('table.locations')}</Table.Th>
            <Table.Th visibleFrom="md">{t('table.attached')}</Table.Th>
            <Table.Th visibleFrom="lg">{t('table.created')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((iso) => (
            <Table.Tr key={iso.id}>
              <Table.Td>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {iso.file_name}
                </Text>
                {iso.source_url && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {iso.source_url}
                  </Text>
                )}
                <Stack gap={2} hiddenFrom="sm" mt={4}>
                  <IsoState iso={iso} />
                  <Text size="xs" c="dimmed">
                    {bytes(iso.size_bytes)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <IsoState iso={iso} />
              </Table.Td>
              <Table.Td visibleFrom="sm" ta="right">
                {bytes(iso.size_bytes)}
              </Table.Td>
              <Table.Td visibleFrom="md">
                {iso.locations.length > 0 ? iso.locations.map((l) => locationName(l, l) ?? l).join(', ') : '–'}
              </Table.Td>
              <Table.Td visibleFrom="md">{t('table.attached_count', { count: iso.attached_to.length })}</Table.Td>
              <Table.Td visibleFrom="lg">{formatDate(iso.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {iso.download_url && (
                    <Tooltip label={t('table.download', { name: iso.file_name })} withArrow>
                      <ActionIcon
                        component="a"
                        href={iso.download_url}
                        download={iso.file_name}
                        variant="subtle"
                        aria-label={t('table.download', { name: iso.file_name })}
                      >
                        <Icon name="download" size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label={t('table.delete', { name: iso.file_name })} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(iso)}
                      aria-label={t('table.delete', { name: iso.file_name })}
                    >
                      <Icon name="trash" size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
