/**
 * The voucher dialog (spec 1 §2 Modals, §4 'Voucher badge and dialog', spec 2 §8): title 'enter
 * voucher code', a code input, Cancel and Redeem; the current voucher's notes and valid-to date
 * when the account has one. Only the character pattern is checked here (the contract's dialog
 * rule); the server checks the length and that the voucher exists and has not expired. Redeem
 * clears the messages and sends the code; success shows 'voucher updated', reloads the profile
 * and closes after 3 s. Once a code was sent the input is cleared, whatever the answer. Clicking
 * the mask, Cancel or Escape dismisses it and resets it. Redeeming needs billing-manage (owners hold it).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useTimeout } from '../../../shared/ui/use-timeout';
import { LAYOUT, TIMING } from '@portside/contract/constants';
import { hasClaim } from '@portside/contract/rules/menu-access';
import { validateVoucherCode } from '@portside/contract/rules/validators';
import type { Profile } from '@portside/contract/schemas/profile';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { translateKey, validationKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useUpdateVoucher } from '../api/update-voucher';

interface VoucherDialogProps {
  opened: boolean;
  onClose: () => void;
  profile: Pick<Profile, 'voucher' | 'claims'>;
}

/** The pattern message for what is typed, as an i18n key, or null. */
const patternError = (code: string) => {
  const key = validateVoucherCode(code);
  return key ? validationKey(key) : null;
};

export function VoucherDialog({ opened, onClose, profile }: VoucherDialogProps) {
  const { t } = useTranslation(['voucher', 'validation', 'common']);
  const formatDate = useDateFormat();
  const mutation = useUpdateVoucher();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [updated, setUpdated] = useState(false);
  const closing = useTimeout();

  const close = () => {
    closing.cancel();
    setCode('');
    setFieldError(null);
    setUpdated(false);
    mutation.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setUpdated(false);
    mutation.reset();
    const refused = patternError(code);
    setFieldError(refused);
    if (refused) return;
    mutation.mutate(
      { p_voucher: code },
      {
        onSuccess: () => {
          setUpdated(true);
          closing.start(close, TIMING.dialogCloseMs);
        },
        onError: (err) => setFieldError(fieldErrorsFromApi<'p_voucher'>(err)?.p_voucher ?? null),
        onSettled: () => setCode(''),
      },
    );
  };

  const apiError = mutation.error && !fieldErrorsFromApi(mutation.error) ? mutation.error : null;
  const current = profile.voucher;
  const owner = hasClaim(profile, 'billing-manage');

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('voucher:dialog.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      size={LAYOUT.dialogWidthPx}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {current?.voucher ? (
            <Stack gap={2} aria-label={t('voucher:dialog.current_label')} role="group">
              <Text size="sm" fw={600}>
                {t('voucher:dialog.current', { code: current.voucher })}
              </Text>
              <Text size="sm">{current.notes || t('voucher:no_notes')}</Text>
              <Text size="sm" c="dimmed">
                {current.valid_to
                  ? t('voucher:valid_until', { date: formatDate(current.valid_to, { style: 'date' }) })
                  : t('voucher:no_expiry')}
              </Text>
            </Stack>
          ) : null}
          {!owner && (
            <Alert color="blue" variant="light">
              {t('voucher:dialog.owner_only')}
            </Alert>
          )}
          {updated && (
            <Alert color="green" variant="light" role="status">
              {t('voucher:dialog.updated')}
            </Alert>
          )}
          {apiError ? <ErrorAlert error={apiError} /> : null}
          <TextInput
            label={t('voucher:dialog.code_label')}
            value={code}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setCode(next);
              setFieldError(patternError(next));
            }}
            error={fieldError ? translateKey(t, fieldError) : undefined}
            disabled={!owner}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={!owner || updated || code.trim() === ''} loading={mutation.isPending}>
              {t('voucher:dialog.redeem')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
