/**
 * The user's passkeys (issue 19): the list, adding one under a name (the browser's own dialog asks
 * for the fingerprint, face, PIN or security key; a first one without recovery codes brings ten)
 * renaming one, and removing one with the password and a current second factor (a code, or a
 * passkey's signature).
 */
import { useState } from 'react';
import { Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MyPasskey } from '@portside/contract/schemas/two-factor';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { QueryState } from '../../../shared/ui/query-state';
import { useDeletePasskey } from '../api/delete-passkey';
import { useMyPasskeys } from '../api/get-my-passkeys';
import { useRegisterPasskey } from '../api/passkey-register-verify';
import { PasskeyRenameForm } from './passkey-rename-form';
import { ProofForm } from './proof-form';

/** How a change is proven here: the code field's label (none: no code to type) and whether a passkey may sign. */
export interface ProofOffer {
  codeLabel?: string;
  passkey: boolean;
}

function RemoveForm({ passkey, proof, onClose }: { passkey: MyPasskey; proof: ProofOffer; onClose: () => void }) {
  const { t } = useTranslation('twofactor');
  const remove = useDeletePasskey();
  return (
    <ProofForm
      id={`passkey-remove-${passkey.id}`}
      title={t('passkeys.remove_title', { name: passkey.name })}
      intro={t('passkeys.remove_intro')}
      codeLabel={proof.codeLabel}
      passkey={proof.passkey}
      submitLabel={t('passkeys.remove_submit')}
      danger
      pending={remove.isPending}
      error={remove.error}
      onSubmit={(choice) => remove.mutate({ id: passkey.id, choice }, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}

/** `onRecoveryCodes` shows the recovery codes a first passkey came with (once); `proof` is how a removal is proven. */
export function PasskeysPanel({ onRecoveryCodes, proof }: { onRecoveryCodes: (codes: string[]) => void; proof: ProofOffer }) {
  const { t, i18n } = useTranslation('twofactor');
  const passkeys = useMyPasskeys();
  const register = useRegisterPasskey();
  const [name, setName] = useState('');
  // One passkey at a time is renamed or removed in the list.
  const [editing, setEditing] = useState<{ id: number; action: 'rename' | 'remove' } | null>(null);
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);

  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz="h5" id="passkeys-title">
          {t('passkeys.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('passkeys.intro')}
        </Text>
      </div>
      <QueryState
        query={passkeys}
        loadingLabel={t('passkeys.loading')}
        isEmpty={() => (passkeys.data ?? []).length === 0}
        empty={<Text size="sm">{t('passkeys.empty')}</Text>}
      >
        <List aria-labelledby="passkeys-title" listStyleType="none" spacing="xs">
          {(passkeys.data ?? []).map((p) => (
            <List.Item key={p.id}>
              <Group gap="sm" justify="space-between" wrap="wrap">
                <div>
                  <Text size="sm" fw={600}>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('passkeys.added_on', { date: day(p.created_at) })} ·{' '}
                    {p.last_used_at ? t('passkeys.last_used', { date: day(p.last_used_at) }) : t('passkeys.never_used')}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button variant="default" size="xs" onClick={() => setEditing({ id: p.id, action: 'rename' })}>
                    {t('passkeys.rename', { name: p.name })}
                  </Button>
                  <Button variant="default" size="xs" color="red" onClick={() => setEditing({ id: p.id, action: 'remove' })}>
                    {t('passkeys.remove', { name: p.name })}
                  </Button>
                </Group>
              </Group>
              {editing?.id === p.id ? (
                <Stack mt="xs">
                  {editing.action === 'rename' ? (
                    <PasskeyRenameForm passkey={p} onClose={() => setEditing(null)} />
                  ) : (
                    <RemoveForm passkey={p} proof={proof} onClose={() => setEditing(null)} />
                  )}
                </Stack>
              ) : null}
            </List.Item>
          ))}
        </List>
      </QueryState>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() !== '')
            register.mutate(name.trim(), {
              onSuccess: (added) => {
                setName('');
                if (added.recovery_codes) onRecoveryCodes(added.recovery_codes);
              },
            });
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('passkeys.name_label')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={64}
            w={{ base: '100%', xs: 260 }}
            required
          />
          <Button type="submit" variant="default" loading={register.isPending}>
            {t('passkeys.add')}
          </Button>
        </Group>
      </form>
      <ErrorAlert error={register.error} />
    </Stack>
  );
}
