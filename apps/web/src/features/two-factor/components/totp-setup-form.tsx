/** Setting up the authenticator app from settings: the QR code and key, then the first code turns 2FA on. */
import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { TotpSetupAnswer } from '@portside/contract/schemas/two-factor';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { TotpSetup } from '../../../shared/ui/totp-setup';
import { useTotpConfirm } from '../api/totp-confirm';

export function TotpSetupForm({
  setup,
  onDone,
  onCancel,
}: {
  setup: TotpSetupAnswer;
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('twofactor');
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        confirm.mutate({ p_code: code }, { onSuccess: (a) => onDone(a.recovery_codes) });
      }}
    >
      <Stack gap="sm">
        <TotpSetup secret={setup.secret} uri={setup.uri} code={code} onCodeChange={setCode} />
        <ErrorAlert error={confirm.error} />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            {t('setup.confirm')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('setup.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
