/** Makes a project the default, saying so in the green banner or the failure in the red one. */
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ProjectRow } from '@portside/contract/schemas/projects';
import { notifySuccess } from '../../../shared/ui/notify';
import { useMakeProjectDefault } from '../api/make-project-default';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';

export function useMakeDefaultAction() {
  const { t } = useTranslation('projects');
  const mutation = useMakeProjectDefault();
  const notice = useApiErrorNotice();
  const run = useCallback(
    (p: Pick<ProjectRow, 'project' | 'name'>) =>
      mutation.mutate(
        { p_project: p.project },
        { onSuccess: () => notifySuccess(t('default.made', { name: p.name })), onError: notice },
      ),
    [mutation, notice, t],
  );
  return { run, pending: mutation.isPending };
}
