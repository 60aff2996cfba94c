/**
 * Take a snapshot: a name checked as the server checks it (validation texts of messages.ts) and an
 * optional note. A name the server has already is refused before asking.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { validateSnapshotName } from '@portside/contract/rules/validators';
import { VM_DATA_LIMITS } from '@portside/contract/schemas/vm-data';
import type { VmRow } from '@portside/contract/schemas/vms';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateSnapshot } from '../api/create-snapshot';
import { dataActionBlock } from '../lib/vm-data';

export function SnapshotCreateForm({ vm, existing }: { vm: VmRow; existing: readonly string[] }) {
  const { t } = useTranslation(['servers', 'validation', 'errors']);
  const create = useCreateSnapshot();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const block = dataActionBlock(vm, 'snapshot-create');
  const trimmed = name.trim();
  const problem = validateSnapshotName(trimmed);
  const taken = !problem && existing.includes(trimmed);
  const error = touched ? (problem ? t(`validation:${problem}`) : taken ? t('errors:SNAPSHOT_EXISTS') : undefined) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || taken || block) return;
    create.mutate(
      { p_provisioned_id: vm.provisioned_id, p_name: trimmed, ...(note.trim() ? { p_note: note.trim() } : {}) },
      {
        onSuccess: () => {
          notifySuccess(t('snapshots.create.sent', { name: trimmed }));
          setName('');
          setNote('');
          setTouched(false);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="snapshot-create-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="snapshot-create-title">
          {t('snapshots.create.title')}
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('snapshots.create.name_label')}
            description={t('snapshots.create.name_hint')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              create.reset();
            }}
            onBlur={() => setTouched(name !== '')}
            error={error}
            maxLength={40}
            required
            style={{ flex: '1 1 200px' }}
          />
          <TextInput
            label={t('snapshots.create.note_label')}
            description={t('snapshots.create.note_hint')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={VM_DATA_LIMITS.snapshotNoteMax}
            style={{ flex: '2 1 240px' }}
          />
        </Group>
        {block && (
          <Text size="sm" c="dimmed">
            {t(`blocked.${block}`)}
          </Text>
        )}
        <ErrorAlert error={create.error} />
        <Group>
          <Button type="submit" loading={create.isPending} disabled={block !== null}>
            {t('snapshots.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
