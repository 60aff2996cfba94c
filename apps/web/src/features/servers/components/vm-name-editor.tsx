/**
 * The server's name as the page heading, with a rename button. Editing shows a text field with
 * the name rule checked as the user types; Enter or save sends VmRename, Escape or cancel stops.
 * The server's own refusal of the name shows under the field.
 */
import { useState } from 'react';
import { ActionIcon, Group, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/ui/notify';
import { Icon } from '../../../shared/ui/icons';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { fieldKeyOf } from '../../../shared/forms/server-field-errors';
import { useRenameVm } from '../api/rename-vm';
import { vmNameError } from '../lib/vm-name';
import { renameBlock } from '../lib/vm-rules';
import type { VmRow } from '../lib/vm-types';

export function VmNameEditor({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'validation']);
  const rename = useRenameVm();
  const notice = useApiErrorNotice();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(vm.name);
  const [submitted, setSubmitted] = useState(false);
  const [serverKey, setServerKey] = useState<string | null>(null);

  const ruleKey = vmNameError(value.trim(), vm.name);
  // 'Unchanged' is said only on an attempt to save; the other rules show while typing.
  const liveKey = ruleKey === 'project_name_unchanged' && !submitted ? null : ruleKey;
  const shownKey = serverKey ?? liveKey;

  const start = () => {
    setValue(vm.name);
    setSubmitted(false);
    setServerKey(null);
    setEditing(true);
  };
  const save = () => {
    setSubmitted(true);
    if (ruleKey || rename.isPending) return;
    const name = value.trim();
    rename.mutate(
      { p_provisioned_id: vm.provisioned_id, p_name: name },
      {
        onSuccess: () => {
          setEditing(false);
          notifySuccess(t('servers:rename.sent', { name }));
        },
        onError: (e) => {
          const key = fieldKeyOf(e, 'p_name');
          if (key) setServerKey(key);
          else notice(e);
        },
      },
    );
  };

  if (!editing) {
    return (
      <Group gap={6} wrap="nowrap" miw={0}>
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {vm.name}
        </Title>
        <ActionIcon variant="subtle" onClick={start} disabled={renameBlock(vm) !== null} aria-label={t('servers:rename.button', { name: vm.name })}>
          <Icon name="edit" size={18} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        aria-label={t('servers:rename.label')}
        value={value}
        autoFocus
        error={shownKey ? t(`validation:${shownKey}`) : undefined}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setServerKey(null);
          setSubmitted(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') setEditing(false);
        }}
        miw={0}
        style={{ flex: 1, maxWidth: 360 }}
      />
      <ActionIcon size="lg" onClick={save} loading={rename.isPending} aria-label={t('servers:rename.save')}>
        <Icon name="check" size={16} />
      </ActionIcon>
      <ActionIcon size="lg" variant="default" onClick={() => setEditing(false)} disabled={rename.isPending} aria-label={t('servers:rename.cancel')}>
        <Icon name="close" size={16} />
      </ActionIcon>
    </Group>
  );
}
