/**
 * Adds a port forward (AddPortForwarding): the server's internal port, TCP or UDP, the external
 * port of the gateway (empty takes the next free one) and a comment, checked with the contract's
 * schema as they are left and on submit; a port taken or forwarded already is named on its field.
 */
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { FIREWALL_COMMENT_MAX, FORWARD_PORT_MAX, FORWARD_PORT_MIN } from '@portside/contract/rules/network';
import { addPortForwardingSchema } from '@portside/contract/schemas/network';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useAddPortForward } from '../api/add-port-forward';

type Field = 'p_internal_port' | 'p_protocol' | 'p_external_port' | 'p_comment';
const EMPTY: Record<Field, string> = { p_internal_port: '', p_protocol: 'tcp', p_external_port: '', p_comment: '' };
const CODE_FIELDS = {
  FORWARD_PORT_TAKEN: ['p_external_port', 'errors:FORWARD_PORT_TAKEN'],
  FORWARD_EXISTS: ['p_internal_port', 'errors:FORWARD_EXISTS'],
} as const;

/** A port as typed: a whole number, or NaN (the schema then says 'Invalid data'). */
function portOf(text: string): number {
  const s = text.trim();
  return /^\d{1,6}$/.test(s) ? Number(s) : Number.NaN;
}

export interface PortForwardFormProps {
  provisionedId: number;
  /** The server has the most forwards it may have. */
  full: boolean;
}

export function PortForwardForm({ provisionedId, full }: PortForwardFormProps) {
  const { t } = useTranslation(['firewall', 'validation', 'errors']);
  const add = useAddPortForward();
  const toBody = (v: Record<Field, string>) => ({
    p_provisioned_id: provisionedId,
    p_internal_port: portOf(v.p_internal_port),
    p_protocol: v.p_protocol,
    p_external_port: v.p_external_port.trim() === '' ? null : portOf(v.p_external_port),
    ...(v.p_comment.trim() ? { p_comment: v.p_comment } : {}),
  });
  const form = useSchemaForm('port-forward', addPortForwardingSchema, EMPTY, toBody);
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);

  const submit = form.handleSubmit((body) => {
    add.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(
          t('forwarding.added', { gateway: answer.gateway, external: answer.external_port, internal: body.p_internal_port }),
        );
        form.reset(EMPTY);
      },
      onError: (e) => {
        const fields = fieldErrorsFromApi<Field>(e, CODE_FIELDS);
        if (fields) {
          form.setErrors(fields);
          add.reset();
        }
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="port-forward-add-title">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            {...form.bind('p_internal_port')}
            onChange={(e) => {
              form.setValue('p_internal_port', e.currentTarget.value);
              add.reset();
            }}
            label={t('forwarding.fields.internal_port')}
            inputMode="numeric"
            autoComplete="off"
            required
            error={err('p_internal_port')}
            style={{ flex: '1 1 140px' }}
          />
          <Select
            id={form.idOf('p_protocol')}
            label={t('forwarding.fields.protocol')}
            data={[
              { value: 'tcp', label: t('proto.tcp') },
              { value: 'udp', label: t('proto.udp') },
            ]}
            value={form.values.p_protocol}
            onChange={(v) => form.setValue('p_protocol', v ?? 'tcp')}
            allowDeselect={false}
            error={err('p_protocol')}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '1 1 120px' }}
          />
          <TextInput
            {...form.bind('p_external_port')}
            label={t('forwarding.fields.external_port')}
            description={t('forwarding.external_hint', { min: FORWARD_PORT_MIN, max: FORWARD_PORT_MAX })}
            placeholder={t('forwarding.next_free')}
            inputMode="numeric"
            autoComplete="off"
            error={err('p_external_port')}
            style={{ flex: '1 1 180px' }}
          />
        </Group>
        <TextInput
          {...form.bind('p_comment')}
          label={t('forwarding.fields.comment')}
          maxLength={FIREWALL_COMMENT_MAX}
          autoComplete="off"
          error={err('p_comment')}
        />
        <ErrorAlert error={add.error} />
        <Group>
          <Button
            type="submit"
            loading={add.isPending}
            disabled={full}
            leftSection={<Icon name="plus" size={16} />}
            // A press keeps the focus in the field, so its message does not move the button away mid-click.
            onMouseDown={(e) => e.preventDefault()}
          >
            {t('forwarding.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
