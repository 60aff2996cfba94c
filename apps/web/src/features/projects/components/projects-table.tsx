/**
 * The projects of one page: name (a link to the project, the default badge, inline rename),
 * servers, SSH keys and an actions menu (make default, delete). Phones leave out the server count
 * (the project page shows it); anything still too wide scrolls sideways.
 */
import { ActionIcon, Anchor, Badge, Menu, Table, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { ProjectRow } from '@portside/contract/schemas/projects';
import { Icon } from '../../../shared/ui/icons';
import type { ProjectChoice } from '../../../shared/api/get-my-projects';
import { ProjectNameEditor } from './project-name-editor';

export interface ProjectsTableProps {
  rows: readonly ProjectRow[];
  names: readonly ProjectChoice[];
  onMakeDefault: (p: ProjectRow) => void;
  onDelete: (p: ProjectRow) => void;
}

export function ProjectsTable({ rows, names, onMakeDefault, onDelete }: ProjectsTableProps) {
  const { t } = useTranslation('projects');
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.name')}</Table.Th>
            <Table.Th ta="right" visibleFrom="xs">
              {t('table.vms')}
            </Table.Th>
            <Table.Th ta="right">{t('table.ssh_keys')}</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.project}>
              <Table.Td>
                <ProjectNameEditor project={p} names={names}>
                  <Anchor component={Link} to={buildPath('project-details', { project: String(p.project) })} fw={600}>
                    {p.name}
                  </Anchor>
                  {p.is_default && (
                    <Badge size="sm" variant="light" ml={6} style={{ flexShrink: 0 }}>
                      {t('table.default_badge')}
                    </Badge>
                  )}
                </ProjectNameEditor>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="xs">
                {p.vm_count}
              </Table.Td>
              <Table.Td ta="right">{p.ssh_key_count}</Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={t('actions_menu', { name: p.name })}>
                      <Icon name="dots" />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<Icon name="star" size={16} />}
                      disabled={p.is_default}
                      onClick={() => onMakeDefault(p)}
                    >
                      {t('default.make')}
                    </Menu.Item>
                    <Menu.Item color="red" leftSection={<Icon name="trash" size={16} />} onClick={() => onDelete(p)}>
                      {t('delete.button')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
