/**
 * 'Remove' on a registration nothing uses (the list offers it only then; the server checks again
 * and answers INFRA_IN_USE otherwise), after a confirmation that says what goes with it.
 */
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useRemoveInfra } from '../api/remove-infra';
import type { InfraKind } from '../api/test-connection';

export function RowRemove({ kind, id, name }: { kind: InfraKind; id: number; name: string }) {
  const { t } = useTranslation(['infra', 'common']);
  const [open, setOpen] = useState(false);
  const remove = useRemoveInfra(kind);
  const close = () => {
    setOpen(false);
    remove.reset();
  };
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<Icon name="trash" size={14} />}
        onClick={() => setOpen(true)}
        aria-label={t('remove.button_of', { name })}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('remove.button')}
      </Button>
      <ConfirmDialog
        opened={open}
        title={t('remove.title', { name })}
        confirmLabel={t('remove.button')}
        cancelLabel={t('register.cancel')}
        closeLabel={t('common:actions.close')}
        loading={remove.isPending}
        error={<ErrorAlert error={remove.error} />}
        onClose={close}
        onConfirm={() =>
          remove.mutate(
            { p_id: id },
            {
              onSuccess: () => {
                notifySuccess(t('remove.done', { name }));
                close();
              },
            },
          )
        }
      >
        <Text size="sm">{t(`remove.body_${kind}`, { name })}</Text>
      </ConfirmDialog>
    </>
  );
}
