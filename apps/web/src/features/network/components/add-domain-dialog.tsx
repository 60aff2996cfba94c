/**
 * Adds a custom domain: its name (the contract's validateDomain, as typed) and the server it points
 * at. Once added, the dialog shows the TXT record to create at the domain's DNS provider, and the
 * A/AAAA records that point the domain at the server.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { LAYOUT } from '@portside/contract/constants';
import { myDomainAddSchema, type DomainAddAnswer } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { QueryState } from '../../../shared/ui/query-state';
import { useAddDomain } from '../api/add-domain';
import { useServerChoices } from '../api/get-server-choices';
import { DnsRecords } from './dns-records';
import { keepFocus } from '../lib/keep-focus';

type Field = 'p_domain' | 'p_provisioned_id';
const EMPTY: Record<Field, string> = { p_domain: '', p_provisioned_id: '' };
const toBody = (v: Record<Field, string>) => ({
  p_domain: v.p_domain,
  p_provisioned_id: v.p_provisioned_id ? Number(v.p_provisioned_id) : undefined,
});
const CODES = {
  DOMAIN_EXISTS: ['p_domain', 'errors:DOMAIN_EXISTS'],
  DOMAIN_TAKEN: ['p_domain', 'errors:DOMAIN_TAKEN'],
} as const;

export function AddDomainDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['network', 'validation', 'errors', 'common']);
  const servers = useServerChoices(opened);
  const add = useAddDomain();
  const form = useSchemaForm<typeof myDomainAddSchema, Field>('add-domain', myDomainAddSchema, EMPTY, toBody);
  const [added, setAdded] = useState<(DomainAddAnswer & { domain: string; server: number }) | null>(null);
  const choices = servers.data ?? [];
  const server = added ? choices.find((s) => s.provisioned_id === added.server) : undefined;

  const close = () => {
    if (add.isPending) return;
    form.reset(EMPTY);
    add.reset();
    setAdded(null);
    onClose();
  };
  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (r) => setAdded({ ...r, domain: body.p_domain, server: body.p_provisioned_id }),
      onError: (e) => {
        const mapped = fieldErrorsFromApi<Field>(e, CODES);
        if (mapped) form.setErrors(mapped);
      },
    }),
  );
  const err = (f: Field) => {
    if (!form.errors[f]) return undefined;
    // No server chosen: say so, rather than the schema's 'Invalid data' for a missing id.
    if (f === 'p_provisioned_id' && !form.values.p_provisioned_id) return t('network:domains.choose_server');
    return translateKey(t, form.errors[f]);
  };
  const other = add.error && !fieldErrorsFromApi<Field>(add.error, CODES) ? add.error : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={added ? t('network:domains.added_title', { domain: added.domain }) : t('network:domains.add_title')}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {added ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {t('network:domains.added_body')}
          </Alert>
          <DnsRecords
            domain={added.domain}
            challengeName={added.challenge_name}
            challengeValue={added.challenge_value}
            ipv4={server?.ip ?? null}
            ipv6={server?.ipv6 ?? null}
          />
          <Text size="sm">{t('network:domains.check_later')}</Text>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('network:domains.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('network:domains.domain_label')}
              description={t('network:domains.domain_description')}
              placeholder="shop.example.com"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              aria-required
              data-autofocus
              {...form.bind('p_domain')}
              error={err('p_domain')}
            />
            <QueryState query={servers} loadingLabel={t('network:attach.loading')} skeleton={1}>
              {choices.length === 0 ? (
                <Text size="sm">{t('network:domains.no_servers')}</Text>
              ) : (
                <Select
                  id={form.idOf('p_provisioned_id')}
                  label={t('network:domains.server_label')}
                  data={choices.map((s) => ({ value: String(s.provisioned_id), label: `${s.name} · ${s.location_name}` }))}
                  value={form.values.p_provisioned_id || null}
                  onChange={(v) => form.setValue('p_provisioned_id', v ?? '')}
                  searchable
                  allowDeselect={false}
                  aria-required
                  error={err('p_provisioned_id')}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            </QueryState>
            {other && <ErrorAlert error={other} />}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={add.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" onMouseDown={keepFocus} loading={add.isPending} disabled={choices.length === 0}>
                {t('network:domains.add_submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
