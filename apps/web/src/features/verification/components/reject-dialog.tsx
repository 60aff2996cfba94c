/**
 * Rejecting a verification: the reason is required (it is shown to the customer) and checked with
 * the contract's schema before the call.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { REJECTION_REASON_MAX, verificationRejectSchema } from '@portside/contract/schemas/verification';
import { errorHtml } from '../../../shared/api/client';
import { SafeHtml } from '../../../shared/ui/safe-html';

export interface RejectDialogProps {
  opened: boolean;
  request: number;
  name: string;
  loading: boolean;
  error: unknown;
  onReject: (reason: string) => void;
  onClose: () => void;
}

export function RejectDialog(p: RejectDialogProps) {
  const { t } = useTranslation(['verification', 'validation', 'common', 'errors']);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  useEffect(() => {
    if (p.opened) {
      setReason('');
      setInvalid(null);
    }
  }, [p.opened]);

  const submit = () => {
    const parsed = verificationRejectSchema.safeParse({ p_request: p.request, p_reason: reason });
    if (!parsed.success) {
      setInvalid(fieldErrors(parsed.error).p_reason ?? 'invalid_data');
      return;
    }
    p.onReject(parsed.data.p_reason);
  };

  return (
    <Modal
      opened={p.opened}
      onClose={() => !p.loading && p.onClose()}
      title={t('queue.reject_title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('queue.reject_body', { name: p.name })}</Text>
        <Textarea
          label={t('queue.reason_label')}
          placeholder={t('queue.reason_placeholder')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={REJECTION_REASON_MAX}
          autosize
          minRows={3}
          required
          error={invalid ? t(`validation:${invalid}`) : undefined}
          data-autofocus
        />
        {p.error ? (
          <Alert color="red" variant="light">
            <SafeHtml html={errorHtml(p.error, t)} />
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={p.onClose} disabled={p.loading}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={p.loading}>
            {t('queue.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
