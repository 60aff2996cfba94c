/**
 * The head of a project's page (/project/:project): its name as the heading with inline rename,
 * the default badge, server and SSH key counts, the creation date, and make default / delete.
 * What belongs to the project (its SSH keys, later its servers) is rendered by `children`, which
 * the page composes from other features, only once the project is known to exist.
 */
import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { ProjectRow } from '@portside/contract/schemas/projects';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { Icon } from '../../../shared/ui/icons';
import { QueryState } from '../../../shared/ui/query-state';
import { useProject, useProjectChoices } from '../../../shared/api/get-my-projects';
import { useMakeDefaultAction } from '../lib/use-make-default';
import { DeleteProjectDialog } from './delete-project-dialog';
import { ProjectNameEditor } from './project-name-editor';

export interface ProjectOverviewProps {
  /** The id from the address; NaN or unknown ids show 'Project not found'. */
  projectId: number;
  children?: (project: ProjectRow) => ReactNode;
}

export function ProjectOverview({ projectId, children }: ProjectOverviewProps) {
  const { t } = useTranslation(['projects', 'errors', 'validation']);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const query = useProject(valid ? projectId : 0);
  const names = useProjectChoices();
  const makeDefault = useMakeDefaultAction();
  const navigate = useNavigate();
  const formatDate = useDateFormat();
  const [deleting, setDeleting] = useState(false);
  const project = valid ? query.data : null;

  const back = (
    <Anchor component={Link} to={buildPath('projects')} size="sm">
      ← {t('details.back')}
    </Anchor>
  );
  if (!project) {
    const notFound = (
      <>
        <Title order={1} fz="h2">
          {t('details.not_found_title')}
        </Title>
        <Text c="dimmed">{t('details.not_found_body')}</Text>
      </>
    );
    return (
      <Stack gap="md">
        {back}
        {/* An id that names no project is not asked for: it is not found at once. */}
        {valid ? (
          <QueryState
            query={query}
            loadingLabel={t('details.loading')}
            isEmpty={() => true}
            empty={notFound}
            skeleton={
              <>
                <Skeleton h={36} w="40%" radius="sm" />
                <Skeleton h={100} radius="md" />
              </>
            }
          >
            {null}
          </QueryState>
        ) : (
          notFound
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {back}
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6}>
            <ProjectNameEditor project={project} names={names.data ?? [project]}>
              <Title order={1} fz="h2">
                {project.name}
              </Title>
              {project.is_default && (
                <Badge variant="light" ml={6} style={{ flexShrink: 0 }}>
                  {t('table.default_badge')}
                </Badge>
              )}
            </ProjectNameEditor>
            <Text size="sm" c="dimmed">
              {t('details.vm_count', { count: project.vm_count })} · {t('details.key_count', { count: project.ssh_key_count })} ·{' '}
              {t('details.created', { date: formatDate(project.created_at, { style: 'date' }) })}
            </Text>
            {project.is_default && (
              <Text size="sm" c="dimmed">
                {t('default.is_default')}
              </Text>
            )}
          </Stack>
          <Group gap="sm">
            {!project.is_default && (
              <Button
                variant="light"
                leftSection={<Icon name="star" size={16} />}
                loading={makeDefault.pending}
                onClick={() => makeDefault.run(project)}
              >
                {t('default.make')}
              </Button>
            )}
            <Button variant="light" color="red" leftSection={<Icon name="trash" size={16} />} onClick={() => setDeleting(true)}>
              {t('delete.project_button')}
            </Button>
          </Group>
        </Group>
      </Paper>
      {children?.(project)}
      <DeleteProjectDialog
        project={deleting ? project : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(buildPath('projects'))}
      />
    </Stack>
  );
}
