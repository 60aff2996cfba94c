/**
 * Upload dialog: a text area for public keys (one per line) checked line by line as the user
 * types, and the project the keys go to (fixed when opened from a project's page). Nothing is
 * saved unless every line is a valid key; the server's refusals show line by line too.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LAYOUT } from '@portside/contract/constants';
import { errorHtml } from '../../../shared/api/client';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useProjectChoices } from '../../../shared/api/get-my-projects';
import { useUploadSshKeys } from '../api/upload-ssh-keys';
import { checkKeyText, serverLineProblems } from '../lib/line-problems';
import { LineProblemList } from './line-problem-list';

export interface UploadKeysDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Keys go to this project, without a choice. */
  fixedProject?: { project: number; name: string };
}

export function UploadKeysDialog({ opened, onClose, fixedProject }: UploadKeysDialogProps) {
  const { t } = useTranslation(['ssh_keys', 'validation', 'errors', 'common']);
  const upload = useUploadSshKeys();
  const options = useProjectChoices();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const deferred = useDeferredValue(text);
  const check = useMemo(() => checkKeyText(deferred), [deferred]);
  const serverProblems = serverLineProblems(upload.error);
  const defaultProject = options.data?.find((p) => p.is_default);
  const project = fixedProject?.project ?? (chosen ? Number(chosen) : defaultProject?.project);

  const close = () => {
    if (upload.isPending) return;
    setText('');
    setChosen(null);
    upload.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (check.ready === 0 || check.problems.length > 0 || upload.isPending) return;
    upload.mutate(
      { p_keys: text, p_project: project ?? null },
      {
        onSuccess: (r) => {
          notifySuccess(t('ssh_keys:upload.uploaded', { count: r.keys.length }));
          upload.reset();
          setText('');
          setChosen(null);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('ssh_keys:upload.title')}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('ssh_keys:upload.keys_label')}
            description={t('ssh_keys:upload.keys_description')}
            placeholder="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… user@laptop"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              if (upload.error) upload.reset();
            }}
            autosize
            minRows={5}
            maxRows={14}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            error={check.problems.length > 0}
            aria-describedby={check.problems.length ? 'upload-line-problems' : undefined}
            data-autofocus
          />
          <LineProblemList problems={check.problems} id="upload-line-problems" />
          {check.ready > 0 && check.problems.length === 0 && (
            <Text size="sm" c="dimmed" role="status">
              {t('ssh_keys:upload.ready', { count: check.ready })}
            </Text>
          )}
          {fixedProject ? (
            <Text size="sm">{t('ssh_keys:upload.into_project', { name: fixedProject.name })}</Text>
          ) : (
            <QueryState query={options} loadingLabel={t('ssh_keys:projects_loading')} skeleton={<Skeleton h={60} radius="sm" />}>
              <Select
                label={t('ssh_keys:upload.project_label')}
                data={(options.data ?? []).map((p) => ({ value: String(p.project), label: p.name }))}
                value={chosen ?? (defaultProject ? String(defaultProject.project) : null)}
                onChange={setChosen}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </QueryState>
          )}
          {upload.error && (
            <Alert color="red" variant="light" role="alert">
              {serverProblems.length > 0 ? (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {t('ssh_keys:upload.nothing_saved')}
                  </Text>
                  <LineProblemList problems={serverProblems} />
                </Stack>
              ) : (
                <SafeHtml html={errorHtml(upload.error, t)} />
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={upload.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={upload.isPending} disabled={check.ready === 0 || check.problems.length > 0}>
              {t('ssh_keys:upload.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
