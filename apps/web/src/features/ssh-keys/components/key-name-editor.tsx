/** Inline rename of an SSH key: Enter or save stores the name, Escape or cancel stops. */
import { useState } from 'react';
import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { validateSshKeyName } from '@portside/contract/rules/ssh-key';
import type { SshKeyRow } from '@portside/contract/schemas/ssh-keys';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useRenameSshKey } from '../api/rename-ssh-key';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';

export function KeyNameEditor({ sshKey }: { sshKey: Pick<SshKeyRow, 'id' | 'name'> }) {
  const { t } = useTranslation(['ssh_keys', 'validation']);
  const rename = useRenameSshKey();
  const notice = useApiErrorNotice();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(sshKey.name);
  const key = validateSshKeyName(value);

  const save = () => {
    if (key || rename.isPending) return;
    if (value.trim() === sshKey.name) {
      setEditing(false);
      return;
    }
    rename.mutate(
      { p_id: sshKey.id, p_name: value },
      {
        onSuccess: () => {
          setEditing(false);
          notifySuccess(t('ssh_keys:rename.renamed', { name: value.trim() }));
        },
        onError: notice,
      },
    );
  };

  if (!editing) {
    return (
      <Group gap={4} wrap="nowrap">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {sshKey.name}
        </Text>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('ssh_keys:rename.button', { name: sshKey.name })}
          onClick={() => {
            setValue(sshKey.name);
            setEditing(true);
          }}
        >
          <Icon name="edit" size={16} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        size="xs"
        aria-label={t('ssh_keys:rename.label')}
        value={value}
        autoFocus
        error={key ? t(`validation:${key}`) : undefined}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') setEditing(false);
        }}
        miw={140}
      />
      <ActionIcon onClick={save} loading={rename.isPending} aria-label={t('ssh_keys:rename.save')} mt={2}>
        <Icon name="check" size={16} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        onClick={() => setEditing(false)}
        disabled={rename.isPending}
        aria-label={t('ssh_keys:rename.cancel')}
        mt={2}
      >
        <Icon name="close" size={16} />
      </ActionIcon>
    </Group>
  );
}
