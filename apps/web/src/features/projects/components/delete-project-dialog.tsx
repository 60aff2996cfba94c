/**
 * Confirms deleting a project. The default project and a project holding VMs or SSH keys cannot
 * be deleted (spec 1 §5): the dialog then says why, with the spec's message, and offers no delete.
 */
import { Alert, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ProjectRow } from '@portside/contract/schemas/projects';
import { errorHtml } from '../../../shared/api/client';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/ui/notify';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useDeleteProject } from '../api/delete-project';

export interface DeleteProjectDialogProps {
  project: ProjectRow | null;
  onClose: () => void;
  /** After the project is gone (e.g. to leave its details page). */
  onDeleted?: () => void;
}

export function DeleteProjectDialog({ project, onClose, onDeleted }: DeleteProjectDialogProps) {
  const { t } = useTranslation(['projects', 'validation', 'errors', 'common']);
  const del = useDeleteProject();
  const blocked = project?.is_default
    ? 'project_default_not_deletable'
    : project && (project.vm_count > 0 || project.ssh_key_count > 0)
      ? 'project_not_empty'
      : null;

  const close = () => {
    del.reset();
    onClose();
  };
  const confirm = () => {
    if (!project) return;
    del.mutate(
      { p_project: project.project },
      {
        onSuccess: () => {
          notifySuccess(t('projects:delete.deleted', { name: project.name }));
          close();
          onDeleted?.();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={project !== null}
      title={t('projects:delete.title', { name: project?.name ?? '' })}
      confirmLabel={t('projects:delete.confirm')}
      cancelLabel={t(blocked ? 'common:actions.close' : 'common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={close}
      loading={del.isPending}
      canConfirm={!blocked}
      error={
        del.error ? (
          <Alert color="red" variant="light" role="alert">
            <SafeHtml html={errorHtml(del.error, t)} />
          </Alert>
        ) : null
      }
    >
      {blocked ? (
        <Alert color="yellow" variant="light">
          {t(`validation:${blocked}`)}
          {blocked === 'project_not_empty' && project && (
            <Text size="sm" mt={4}>
              {t('projects:details.vm_count', { count: project.vm_count })} ·{' '}
              {t('projects:details.key_count', { count: project.ssh_key_count })}
            </Text>
          )}
        </Alert>
      ) : (
        <Text>{t('projects:delete.body')}</Text>
      )}
    </ConfirmDialog>
  );
}
