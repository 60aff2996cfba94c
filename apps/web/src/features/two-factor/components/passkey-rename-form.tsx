/**
 * Renaming a passkey in the list (issue 19): the name prefilled, checked before it is sent (empty is
 * refused with the contract's message; the field holds at most PASSKEY_NAME_MAX characters).
 */
import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { PASSKEY_NAME_MAX, type MyPasskey } from '@portside/contract/schemas/two-factor';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useRenamePasskey } from '../api/rename-passkey';

export function PasskeyRenameForm({ passkey, onClose }: { passkey: MyPasskey; onClose: () => void }) {
  const { t } = useTranslation(['twofactor', 'validation']);
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label={t('passkeys.rename_title', { name: passkey.name })}
      onSubmit={(e) => {
        e.preventDefault();
        const next = name.trim();
        setError(next === '' ? t('validation:passkey_name_empty') : null);
        if (next !== '') rename.mutate({ id: passkey.id, name: next }, { onSuccess: onClose });
      }}
    >
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('passkeys.rename_label')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={PASSKEY_NAME_MAX}
            error={error}
            required
            autoFocus
            w={{ base: '100%', xs: 260 }}
          />
          <Group gap="xs" mt={{ base: 0, xs: 25 }}>
            <Button type="submit" loading={rename.isPending}>
              {t('passkeys.rename_submit')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('proof.cancel')}
            </Button>
          </Group>
        </Group>
        <ErrorAlert error={rename.error} />
      </Stack>
    </form>
  );
}
