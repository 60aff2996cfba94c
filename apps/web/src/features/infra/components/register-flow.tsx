/**
 * What the three register dialogs share: the dialog frame (its form mounted afresh each time it
 * opens), the Register call with the server's field errors placed on their fields, the 'Test
 * connection' of the fields as typed (checked by the same contract schema first; the server
 * stores nothing), and the buttons with the test's answer above them.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { z } from 'zod';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import type { SchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useInfraCall } from '../api/use-infra-call';
import { useTestConnection, type InfraKind } from '../api/test-connection';
import { ConnectionResult } from './connection-result';

const REGISTER: Record<InfraKind, string> = { cluster: 'RegisterCluster', bmc: 'RegisterBmc', router: 'RegisterRouter' };
/** Catalogue codes that belong to one field of the form. */
const CODE_FIELDS = {
  CLUSTER_NAME_TAKEN: ['p_name', 'errors:CLUSTER_NAME_TAKEN'],
  BMC_NAME_TAKEN: ['p_name', 'errors:BMC_NAME_TAKEN'],
} as const;

export function RegisterModal(p: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={p.opened}
      onClose={p.onClose}
      title={p.title}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      size="lg"
      centered
    >
      {p.opened && p.children}
    </Modal>
  );
}

/** The Register and Test calls of a form of `kind`, and its submit handlers. */
export function useRegisterFlow<F extends string, S extends z.ZodType>(
  kind: InfraKind,
  form: SchemaForm<F, z.output<S>>,
  onDone: () => void,
) {
  const { t } = useTranslation('infra');
  const register = useInfraCall<unknown, { success: true; id: number }>(REGISTER[kind], true);
  const test = useTestConnection(kind);
  const onRegister = form.handleSubmit((body) => {
    test.reset();
    register.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('register.done', { name: (body as { p_name?: string }).p_name ?? '' }));
        onDone();
      },
      onError: (e) => {
        const fields = fieldErrorsFromApi<F>(e, CODE_FIELDS as never);
        if (fields) {
          form.setErrors(fields);
          register.reset();
        }
      },
    });
  });
  const onTest = form.handleSubmit((body) => {
    register.reset();
    test.mutate(body);
  });
  return { register, test, onRegister, onTest };
}

export function RegisterActions({ flow, onCancel }: { flow: ReturnType<typeof useRegisterFlow>; onCancel: () => void }) {
  const { t } = useTranslation('infra');
  return (
    <Stack gap="sm">
      <ConnectionResult pending={flow.test.isPending} data={flow.test.data} error={flow.test.error} />
      <ErrorAlert error={flow.register.error} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<Icon name="refresh" size={16} />}
          loading={flow.test.isPending}
          onClick={() => flow.onTest()}
        >
          {t('test.button')}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('register.cancel')}
          </Button>
          <Button type="submit" loading={flow.register.isPending}>
            {t('register.submit')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
