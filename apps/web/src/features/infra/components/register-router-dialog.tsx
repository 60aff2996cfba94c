/**
 * Register a location's router (RegisterRouter): a MikroTik RouterOS router by its REST address
 * and login (the password sealed on the server), or a simulated one by its name. Once registered
 * the server reads its subnets in the background; 'Test connection' asks its addresses first.
 */
import { Stack } from '@mantine/core';
import { registerRouterSchema } from '@portside/contract/schemas/routers';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { EMPTY_ROUTER, routerBody } from '../lib/register-bodies';
import { DriverChoice, FormField, LocationSelect } from './form-fields';
import { RegisterActions, RegisterModal, useRegisterFlow } from './register-flow';

function RouterForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('infra');
  const form = useSchemaForm('register-router', registerRouterSchema, EMPTY_ROUTER, routerBody);
  const flow = useRegisterFlow('router', form, onClose);
  const routeros = form.values.p_driver === 'routeros';
  return (
    <form onSubmit={flow.onRegister} noValidate>
      <Stack gap="sm">
        <DriverChoice form={form} field="p_driver" drivers={['routeros', 'simulator']} />
        <FormField form={form} field="p_name" label={t('fields.name')} description={t('fields.name_hint')} required />
        <LocationSelect form={form} field="p_location" />
        <FormField
          form={form}
          field="p_address"
          label={routeros ? t('fields.router_address') : t('fields.router_sim_name')}
          description={routeros ? t('fields.router_address_hint') : t('fields.router_sim_name_hint')}
          placeholder={routeros ? 'https://10.0.9.1' : undefined}
          required
        />
        <FormField form={form} field="p_username" label={t('fields.username')} required />
        <FormField
          form={form}
          field="p_password"
          label={t('fields.password')}
          description={t('fields.secret_hint')}
          kind="secret"
          required
        />
        {routeros && (
          <FormField form={form} field="p_ca_pem" label={t('fields.ca_pem')} description={t('fields.ca_pem_hint')} kind="pem" />
        )}
        <RegisterActions flow={flow} onCancel={onClose} />
      </Stack>
    </form>
  );
}

export function RegisterRouterDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('infra');
  return (
    <RegisterModal opened={opened} onClose={onClose} title={t('register.title_routers')}>
      <RouterForm onClose={onClose} />
    </RegisterModal>
  );
}
