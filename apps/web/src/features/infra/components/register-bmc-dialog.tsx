/**
 * Register a server's management controller (RegisterBmc): a Redfish BMC by its address, system
 * id and login (the password sealed on the server), or a simulated one by its name. 'Test
 * connection' asks the BMC its service root and systems before anything is saved.
 */
import { Stack, Switch } from '@mantine/core';
import { registerBmcSchema } from '@portside/contract/schemas/dedicated';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { bmcBody, EMPTY_BMC } from '../lib/register-bodies';
import { DriverChoice, FormField } from './form-fields';
import { RegisterActions, RegisterModal, useRegisterFlow } from './register-flow';

function BmcForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('infra');
  const form = useSchemaForm('register-bmc', registerBmcSchema, EMPTY_BMC, bmcBody);
  const flow = useRegisterFlow('bmc', form, onClose);
  const redfish = form.values.p_driver === 'redfish';
  return (
    <form onSubmit={flow.onRegister} noValidate>
      <Stack gap="sm">
        <DriverChoice form={form} field="p_driver" drivers={['redfish', 'simulator']} />
        <FormField form={form} field="p_name" label={t('fields.name')} description={t('fields.name_hint')} required />
        <FormField
          form={form}
          field="p_address"
          label={redfish ? t('fields.bmc_address') : t('fields.bmc_sim_name')}
          description={redfish ? t('fields.bmc_address_hint') : t('fields.bmc_sim_name_hint')}
          placeholder={redfish ? 'https://10.0.8.21' : undefined}
          required
        />
        <FormField form={form} field="p_system_id" label={t('fields.system_id')} description={t('fields.system_id_hint')} />
        <FormField form={form} field="p_username" label={t('fields.username')} required />
        <FormField
          form={form}
          field="p_password"
          label={t('fields.password')}
          description={t('fields.secret_hint')}
          kind="secret"
          required
        />
        {redfish && (
          <>
            <Switch
              label={t('fields.use_session')}
              description={t('fields.use_session_hint')}
              checked={form.values.p_use_session === 'true'}
              onChange={(e) => form.setValue('p_use_session', e.currentTarget.checked ? 'true' : 'false')}
            />
            <FormField form={form} field="p_ca_pem" label={t('fields.ca_pem')} description={t('fields.ca_pem_hint')} kind="pem" />
          </>
        )}
        <RegisterActions flow={flow} onCancel={onClose} />
      </Stack>
    </form>
  );
}

export function RegisterBmcDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('infra');
  return (
    <RegisterModal opened={opened} onClose={onClose} title={t('register.title_bmcs')}>
      <BmcForm onClose={onClose} />
    </RegisterModal>
  );
}
