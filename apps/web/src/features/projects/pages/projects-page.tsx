/**
 * /projects — My Projects (spec 1 §2, §3, §5): the account's projects with the default badge,
 * server and SSH key counts, 20 a page; adding, inline renaming with the name rules shown live,
 * making a project the default, and deleting with a confirmation.
 */
import { useState } from 'react';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { ProjectRow } from '@portside/contract/schemas/projects';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { Pager } from '../../../shared/ui/pager';
import { PROJECTS_PAGE_SIZE, useProjectChoices, useProjectsPage } from '../../../shared/api/get-my-projects';
import { CreateProjectForm } from '../components/create-project-form';
import { DeleteProjectDialog } from '../components/delete-project-dialog';
import { ProjectsTable } from '../components/projects-table';
import { useMakeDefaultAction } from '../lib/use-make-default';

export default function ProjectsPage() {
  const { t } = useTranslation(['projects', 'errors', 'validation']);
  const [page, setPage] = useState(1);
  const projects = useProjectsPage(page - 1);
  const names = useProjectChoices();
  const makeDefault = useMakeDefaultAction();
  const [toDelete, setToDelete] = useState<ProjectRow | null>(null);
  const total = projects.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PROJECTS_PAGE_SIZE));
  const rows = projects.data?.rows ?? [];

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Anchor component={Link} to={buildPath('my-ssh')} size="sm">
            <Group gap={4} wrap="nowrap">
              <Icon name="key" size={16} />
              {t('ssh_keys_link')}
            </Group>
          </Anchor>
        }
      />

      <Paper withBorder p="md" radius="md">
        <CreateProjectForm names={names.data ?? []} />
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-busy={projects.isFetching}>
        <QueryState
          query={projects}
          loadingLabel={t('loading')}
          isEmpty={() => rows.length === 0}
          empty={<EmptyState icon="folder" title={t('empty.title')} body={t('empty.body')} />}
        >
          <Stack gap="sm">
            <ProjectsTable rows={rows} names={names.data ?? rows} onMakeDefault={makeDefault.run} onDelete={setToDelete} />
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed">
                {t('table.summary', { count: total })}
              </Text>
              <Pager page={page} pages={pages} onChange={setPage} label={t('table.page_label')} />
            </Group>
          </Stack>
        </QueryState>
      </Paper>

      <DeleteProjectDialog
        project={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          // The last project of a page went away: show the page before it.
          if (rows.length === 1 && page > 1) setPage(page - 1);
        }}
      />
    </Stack>
  );
}
