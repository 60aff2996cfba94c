/**
 * The free-trial promotion (spec 1 §1): a free server until the end of the month, no invoice or
 * card up front, charged only if kept. Accepting makes the checkout's payment method 'trial'.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';

export interface TrialModalProps {
  opened: boolean;
  onAccept: () => void;
  onClose: () => void;
}

export function TrialModal({ opened, onAccept, onClose }: TrialModalProps) {
  const { t } = useTranslation('order');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('trial.title')}
      centered
      closeButtonProps={{ 'aria-label': t('trial.close') }}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Icon name="gift" size={28} />
          <Text>{t('trial.lead')}</Text>
        </Group>
        <List spacing={4} size="sm">
          <List.Item>{t('trial.point_month_end')}</List.Item>
          <List.Item>{t('trial.point_no_card')}</List.Item>
          <List.Item>{t('trial.point_kept')}</List.Item>
          <List.Item>{t('trial.point_one')}</List.Item>
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('trial.decline')}
          </Button>
          <Button onClick={onAccept}>{t('trial.accept')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
