/**
 * The Project tab: which project the server belongs to, and moving it to another one
 * (VmsUpdateProject). The choices are the account's projects, the default one first.
 */
import { useState } from 'react';
import { Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useProjectChoices } from '../../../shared/api/get-my-projects';
import { useUpdateVmsProject } from '../api/update-vm-project';
import type { VmRow } from '@portside/contract/schemas/vms';

export function ProjectTab({ vm }: { vm: VmRow }) {
  const { t } = useTranslation('servers');
  const projects = useProjectChoices();
  const move = useUpdateVmsProject();
  const [target, setTarget] = useState<string | null>(null);

  const options = (projects.data ?? []).map((p) => ({
    value: String(p.project),
    label: p.is_default ? t('project.default_option', { name: p.name }) : p.name,
  }));
  const chosen = target ?? (vm.project != null ? String(vm.project) : null);
  const unchanged = chosen === null || chosen === String(vm.project);
  const submit = () => {
    if (unchanged || chosen === null) return;
    const name = projects.data?.find((p) => String(p.project) === chosen)?.name ?? chosen;
    move.mutate(
      { p_vms: [String(vm.provisioned_id)], p_project: Number(chosen) },
      {
        onSuccess: () => {
          setTarget(null);
          notifySuccess(t('project.moved', { name: vm.name, project: name }));
        },
      },
    );
  };

  return (
    <QueryState query={projects} loadingLabel={t('project.loading')} skeleton={<ProjectTabSkeleton />}>
      <Stack gap="sm" maw={480}>
        <Text size="sm">{vm.project_name ? t('project.current', { project: vm.project_name }) : t('project.current_none')}</Text>
        <Select
          label={t('project.select_label')}
          data={options}
          value={chosen}
          onChange={(v) => {
            setTarget(v);
            move.reset();
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <ErrorAlert error={move.error} />
        <Group>
          <Button onClick={submit} disabled={unchanged} loading={move.isPending}>
            {t('project.move')}
          </Button>
        </Group>
      </Stack>
    </QueryState>
  );
}

/** The tab's shape while the projects load: the current project, the select and the button. */
function ProjectTabSkeleton() {
  return (
    <Stack gap="sm" maw={480}>
      <Skeleton h={20} w="60%" radius="sm" />
      <Skeleton h={56} radius="sm" />
      <Skeleton h={36} w={120} radius="sm" />
    </Stack>
  );
}
