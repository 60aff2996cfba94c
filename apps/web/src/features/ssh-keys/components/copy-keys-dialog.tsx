/** Copies the selected keys to another project; keys the project already holds are skipped (and said so). */
import { useState } from 'react';
import { Alert, Select, Skeleton, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorHtml } from '../../../shared/api/client';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useCopySshKeys } from '../api/copy-ssh-keys';
import { useProjectChoices } from '../../../shared/api/get-my-projects';

export interface CopyKeysDialogProps {
  /** The keys to copy; the dialog is open while this is not empty. */
  ids: readonly number[];
  /** The project the keys are shown from (not offered as a target). */
  fromProject?: number;
  onClose: () => void;
  onCopied: () => void;
}

export function CopyKeysDialog({ ids, fromProject, onClose, onCopied }: CopyKeysDialogProps) {
  const { t } = useTranslation(['ssh_keys', 'validation', 'errors', 'common']);
  const copy = useCopySshKeys();
  const options = useProjectChoices();
  const [target, setTarget] = useState<string | null>(null);
  const targets = (options.data ?? []).filter((p) => p.project !== fromProject);

  const close = () => {
    copy.reset();
    setTarget(null);
    onClose();
  };
  const confirm = () => {
    if (!target) return;
    copy.mutate(
      { p_ids: [...ids], p_project: Number(target) },
      {
        onSuccess: (r) => {
          const name = targets.find((p) => String(p.project) === target)?.name ?? '';
          const skipped = r.skipped > 0 ? ` ${t('ssh_keys:copy.skipped', { count: r.skipped })}` : '';
          notifySuccess(`${t('ssh_keys:copy.copied', { count: r.copied, name })}${skipped}`);
          close();
          onCopied();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={ids.length > 0}
      title={t('ssh_keys:copy.title', { count: ids.length })}
      confirmLabel={t('ssh_keys:copy.submit')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={close}
      loading={copy.isPending}
      danger={false}
      canConfirm={targets.length > 0}
      error={
        copy.error ? (
          <Alert color="red" variant="light" role="alert">
            <SafeHtml html={errorHtml(copy.error, t)} />
          </Alert>
        ) : null
      }
    >
      <QueryState
        query={options}
        loadingLabel={t('ssh_keys:projects_loading')}
        skeleton={<Skeleton h={60} radius="sm" />}
        isEmpty={() => targets.length === 0}
        empty={<Text size="sm">{t('ssh_keys:copy.no_target')}</Text>}
      >
        <Select
          label={t('ssh_keys:copy.project_label')}
          placeholder={t('ssh_keys:copy.project_placeholder')}
          data={targets.map((p) => ({ value: String(p.project), label: p.name }))}
          value={target}
          onChange={setTarget}
          error={copy.isIdle || target ? undefined : t('validation:project_required')}
          comboboxProps={{ withinPortal: true }}
        />
      </QueryState>
    </ConfirmDialog>
  );
}
