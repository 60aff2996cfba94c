/** Withdraws a service's cancellation (MyServiceDelete with no day) after a confirmation. */
import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyService } from '@portside/contract/schemas/services';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useMyServiceDelete } from '../api/my-service-delete';

export function WithdrawCancelDialog({ service, opened, onClose }: { service: MyService; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['services', 'common']);
  const formatDate = useDateFormat();
  const withdraw = useMyServiceDelete();
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (opened) setFailure(null);
  }, [opened]);

  const confirm = () =>
    withdraw.mutate(
      { p_equipment_id: service.equipment_id, p_end_date: null },
      {
        onSuccess: () => {
          notifySuccess(t('services:withdraw.done'));
          onClose();
        },
        onError: setFailure,
      },
    );

  return (
    <ConfirmDialog
      opened={opened}
      title={t('services:withdraw.title')}
      confirmLabel={t('services:withdraw.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={onClose}
      loading={withdraw.isPending}
      danger={false}
      error={<ErrorAlert error={failure} />}
    >
      <Text size="sm">
        {t('services:withdraw.body', { date: service.end_date ? formatDate(service.end_date, { style: 'date' }) : '—' })}
      </Text>
    </ConfirmDialog>
  );
}
