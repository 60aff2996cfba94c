/**
 * RequestContract: a customer who registered without the reseller's link can still become its
 * client — the reseller names the account's e-mail address and staff decide. The refusals (own
 * account; an address that cannot be put under contract) show under the field.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { LAYOUT } from '@portside/contract/constants';
import { requestContractSchema } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useRequestContract } from '../api/request-contract';

type Field = 'p_email';
const EMPTY: Record<Field, string> = { p_email: '' };
const CODES = {
  CONTRACT_REQUEST_OWN_ACCOUNT: ['p_email', 'errors:CONTRACT_REQUEST_OWN_ACCOUNT'],
  CONTRACT_REQUEST_REFUSED: ['p_email', 'errors:CONTRACT_REQUEST_REFUSED'],
} as const;

export function RequestContractDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['reseller', 'validation', 'errors', 'common']);
  const request = useRequestContract();
  const form = useSchemaForm<typeof requestContractSchema, Field>('request-contract', requestContractSchema, EMPTY);

  const close = () => {
    if (request.isPending) return;
    form.reset(EMPTY);
    request.reset();
    onClose();
  };
  const submit = form.handleSubmit((body) =>
    request.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('reseller:request.success'));
        form.reset(EMPTY);
        onClose();
      },
      onError: (e) => {
        const mapped = fieldErrorsFromApi<Field>(e, CODES);
        if (mapped) form.setErrors(mapped);
      },
    }),
  );
  const other = request.error && !fieldErrorsFromApi<Field>(request.error, CODES) ? request.error : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('reseller:request.title')}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('reseller:request.body')}</Text>
          <TextInput
            type="email"
            label={t('reseller:request.email')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-required
            data-autofocus
            {...form.bind('p_email')}
            error={form.errors.p_email ? translateKey(t, form.errors.p_email) : undefined}
          />
          {other && <ErrorAlert error={other} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={request.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending}>
              {t('reseller:request.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
