/** The dashboard's project list: each project links to its page, with the default badge and its counts. */
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { ProjectSummary } from '../../../shared/api/get-my-projects';

export function ProjectList({ projects, total }: { projects: readonly ProjectSummary[]; total: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {projects.map((p) => (
        <Group component="li" key={p.project} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" miw={0}>
            <Anchor component={Link} to={buildPath('project-details', { project: p.project })} fw={600} truncate>
              {p.name}
            </Anchor>
            {p.is_default && (
              <Badge size="xs" variant="light">
                {t('projects.default_badge')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('projects.counts', { vms: p.vm_count, keys: p.ssh_key_count })}
          </Text>
        </Group>
      ))}
      {total > projects.length && (
        <Text size="sm" c="dimmed" component="li">
          {t('projects.more', { count: total - projects.length })}
        </Text>
      )}
    </Stack>
  );
}
