/** A confirmation dialog for a destructive user action (block, delete). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormAlert } from './form-alert';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  pending: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmModal({ opened, title, body, confirmLabel, pending, error, onConfirm, onClose }: ConfirmModalProps) {
  const { t } = useTranslation(['users', 'common']);
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        <FormAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {t('users:form.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
