/**
 * The reverse DNS name (PTR) of one assigned address: the name set, or the provider's default in
 * grey; 'Edit' opens a field checked with the contract's validatePtrHostname as typed. An empty
 * field resets the address to the default. The server's refusal of the name shows on the field.
 */
import { useState } from 'react';
import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import type { SystemIpRow } from '@portside/contract/schemas/network';
import { validatePtrHostname } from '@portside/contract/rules/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { fieldKeyOf } from '../../../shared/forms/server-field-errors';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { useSetReverseDns } from '../api/set-reverse-dns';

export function ReverseDnsEditor({ row }: { row: SystemIpRow }) {
  const { t } = useTranslation(['network', 'validation']);
  const set = useSetReverseDns();
  const notice = useApiErrorNotice();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [serverKey, setServerKey] = useState<string | null>(null);
  const ruleKey = validatePtrHostname(value);
  const shownKey = serverKey ?? ruleKey;

  const start = () => {
    setValue(row.ptr ?? '');
    setServerKey(null);
    setEditing(true);
  };
  const save = () => {
    if (ruleKey || set.isPending) return;
    const hostname = value.trim();
    set.mutate(
      { address: row.address, hostname },
      {
        onSuccess: () => {
          setEditing(false);
          notifySuccess(
            hostname
              ? t('network:ptr.saved', { address: row.address, name: hostname })
              : t('network:ptr.reset', { address: row.address }),
          );
        },
        onError: (e) => {
          const key = fieldKeyOf(e, 'p_hostname');
          if (key) setServerKey(key);
          else notice(e);
        },
      },
    );
  };

  if (!editing) {
    return (
      <Group gap={4} wrap="nowrap" miw={0}>
        <Text
          size="sm"
          ff="monospace"
          c={row.ptr ? undefined : 'dimmed'}
          style={{ overflowWrap: 'anywhere' }}
          title={row.ptr ? undefined : t('network:ptr.default_title')}
        >
          {row.ptr ?? row.ptr_default}
        </Text>
        <ActionIcon variant="subtle" size="sm" onClick={start} aria-label={t('network:ptr.edit', { address: row.address })}>
          <Icon name="edit" size={16} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        size="xs"
        aria-label={t('network:ptr.field', { address: row.address })}
        description={t('network:ptr.empty_resets')}
        inputWrapperOrder={['input', 'error', 'description']}
        placeholder={row.ptr_default}
        value={value}
        autoFocus
        spellCheck={false}
        autoCapitalize="off"
        error={shownKey ? t(`validation:${shownKey}`) : undefined}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setServerKey(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') setEditing(false);
        }}
        miw={200}
        style={{ flex: 1 }}
      />
      <ActionIcon mt={2} onClick={save} loading={set.isPending} aria-label={t('network:ptr.save')}>
        <Icon name="check" size={16} />
      </ActionIcon>
      <ActionIcon
        mt={2}
        variant="default"
        onClick={() => setEditing(false)}
        disabled={set.isPending}
        aria-label={t('network:ptr.cancel')}
      >
        <Icon name="close" size={16} />
      </ActionIcon>
    </Group>
  );
}
