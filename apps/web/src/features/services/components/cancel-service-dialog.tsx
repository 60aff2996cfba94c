/**
 * 'Cancel service' on a chosen date (spec 1 'My Services: cancel service on a chosen date'): a day
 * from the earliest allowed one (today or the minimum cancel date, whichever is later), confirmed
 * in the same dialog. For a cancelled service it moves the day. A free trial offers its last day,
 * so nothing is charged. The server's refusals show under the date or in the dialog.
 */
import { useEffect, useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { cancelDateProblem, utcToday } from '@portside/contract/rules/service-dates';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { myServiceDeleteSchema, type MyService } from '@portside/contract/schemas/services';
import { ApiError } from '../../../shared/api/client';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useMyServiceDelete } from '../api/my-service-delete';
import { useServiceName } from '../lib/use-service-name';

/** Server refusals that belong under the date. */
const DATE_CODES: Record<string, string> = {
  SERVICE_CANCEL_TOO_EARLY: 'cancel_date_before_min',
  SERVICE_CANCEL_DATE_PAST: 'cancel_date_past',
};

/** The day the dialog proposes: the current end day, a trial's last day, or the earliest allowed day. */
function proposedDay(s: MyService): string {
  if (s.end_date && s.end_date >= s.earliest_end_date) return s.end_date;
  if (s.trial_until && s.trial_until >= s.earliest_end_date) return s.trial_until;
  return s.earliest_end_date;
}

export function CancelServiceDialog({ service, opened, onClose }: { service: MyService; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['services', 'validation', 'common']);
  const formatDate = useDateFormat();
  const cancel = useMyServiceDelete();
  const name = useServiceName();
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const moving = service.end_date !== null;

  useEffect(() => {
    if (!opened) return;
    setDate(proposedDay(service));
    setError(null);
    setFailure(null);
  }, [opened, service]);

  const confirm = () => {
    setFailure(null);
    const parsed = myServiceDeleteSchema.safeParse({ p_equipment_id: service.equipment_id, p_end_date: date });
    if (!parsed.success) return setError(fieldErrors(parsed.error).p_end_date ?? 'date_invalid');
    const problem = cancelDateProblem(date, service.min_cancel_date, utcToday());
    if (problem) return setError(problem);
    setError(null);
    cancel.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('services:cancel.done', { date: formatDate(date, { style: 'date' }) }));
        onClose();
      },
      onError: (e) => {
        const key = e instanceof ApiError ? DATE_CODES[e.body.code] : undefined;
        if (key) setError(key);
        else setFailure(e);
      },
    });
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={moving ? t('services:cancel.move_title') : t('services:cancel.title')}
      confirmLabel={moving ? t('services:cancel.move_confirm') : t('services:cancel.confirm')}
      cancelLabel={t('services:cancel.keep')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={onClose}
      loading={cancel.isPending}
      error={<ErrorAlert error={failure} />}
    >
      <Stack gap="sm">
        <Text size="sm">{t('services:cancel.body', { service: name(service) })}</Text>
        <TextInput
          type="date"
          label={t('services:cancel.date')}
          description={t('services:cancel.date_hint', { date: formatDate(service.earliest_end_date, { style: 'date' }) })}
          value={date}
          min={service.earliest_end_date}
          onChange={(e) => setDate(e.currentTarget.value)}
          error={error ? t(`validation:${error}`) : undefined}
          aria-required
        />
        {service.trial_until && service.trial_until >= service.earliest_end_date && (
          <Text size="sm" c="blue">
            {t('services:cancel.trial', { date: formatDate(service.trial_until, { style: 'date' }) })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {service.provisioned_id ? t('services:cancel.server_note') : t('services:cancel.note')}
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
