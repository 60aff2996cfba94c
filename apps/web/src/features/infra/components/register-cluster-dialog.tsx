/**
 * Register a hypervisor cluster (RegisterCluster): a Proxmox VE cluster by its API address and
 * token (the secret is sealed on the server and never shown again), or a simulated one on named
 * nodes (no address). The fields are checked by the contract's schema; 'Test connection' tries them first.
 */
import { Stack } from '@mantine/core';
import { registerClusterSchema } from '@portside/contract/schemas/vms';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { clusterBody, EMPTY_CLUSTER } from '../lib/register-bodies';
import { DriverChoice, FormField, LocationSelect } from './form-fields';
import { RegisterActions, RegisterModal, useRegisterFlow } from './register-flow';

function ClusterForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('infra');
  const form = useSchemaForm('register-cluster', registerClusterSchema, EMPTY_CLUSTER, clusterBody);
  const flow = useRegisterFlow('cluster', form, onClose);
  const proxmox = form.values.p_driver === 'proxmox';
  return (
    <form onSubmit={flow.onRegister} noValidate>
      <Stack gap="sm">
        <DriverChoice form={form} field="p_driver" drivers={['proxmox', 'simulator']} />
        <FormField form={form} field="p_name" label={t('fields.name')} description={t('fields.name_hint')} required />
        <LocationSelect form={form} field="p_location" />
        {proxmox ? (
          <>
            <FormField
              form={form}
              field="p_api_url"
              label={t('fields.api_url')}
              description={t('fields.api_url_hint')}
              placeholder="https://pve1.example.net:8006"
              required
            />
            <FormField
              form={form}
              field="p_token_id"
              label={t('fields.token_id')}
              description={t('fields.token_id_hint')}
              placeholder="portside@pve!portal"
              required
            />
            <FormField
              form={form}
              field="p_secret"
              label={t('fields.secret')}
              description={t('fields.secret_hint')}
              kind="secret"
              required
            />
            <FormField form={form} field="p_ca_pem" label={t('fields.ca_pem')} description={t('fields.ca_pem_hint')} kind="pem" />
          </>
        ) : (
          <FormField form={form} field="p_nodes" label={t('fields.nodes')} description={t('fields.nodes_hint')} required />
        )}
        <RegisterActions flow={flow} onCancel={onClose} />
      </Stack>
    </form>
  );
}

export function RegisterClusterDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('infra');
  return (
    <RegisterModal opened={opened} onClose={onClose} title={t('register.title_clusters')}>
      <ClusterForm onClose={onClose} />
    </RegisterModal>
  );
}
