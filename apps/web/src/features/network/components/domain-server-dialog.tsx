/** Points a custom domain at another server of the account (MyDomainEdit); its A/AAAA records change with it. */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { LAYOUT } from '@portside/contract/constants';
import type { DomainRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useEditDomain } from '../api/edit-domain';
import { useServerChoices } from '../api/get-server-choices';

export interface DomainServerDialogProps {
  /** The domain whose server changes; open while set. */
  domain: DomainRow | null;
  onClose: () => void;
}

export function DomainServerDialog({ domain, onClose }: DomainServerDialogProps) {
  const { t } = useTranslation(['network', 'common']);
  const servers = useServerChoices(domain !== null);
  const edit = useEditDomain();
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (domain) setChosen(String(domain.provisioned_id));
  }, [domain]);

  const close = () => {
    if (edit.isPending) return;
    edit.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!domain || !chosen || edit.isPending) return;
    if (Number(chosen) === domain.provisioned_id) return close();
    const name = servers.data?.find((s) => String(s.provisioned_id) === chosen)?.name ?? '';
    edit.mutate(
      { id: domain.id, provisionedId: Number(chosen) },
      {
        onSuccess: () => {
          notifySuccess(t('network:domains.server_changed', { domain: domain.domain, server: name }));
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={domain !== null}
      onClose={close}
      title={t('network:domains.change_title', { domain: domain?.domain ?? '' })}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <QueryState query={servers} loadingLabel={t('network:attach.loading')} skeleton={1}>
            <Select
              label={t('network:domains.server_label')}
              data={(servers.data ?? []).map((s) => ({
                value: String(s.provisioned_id),
                label: `${s.name} · ${s.location_name}`,
              }))}
              value={chosen}
              onChange={setChosen}
              searchable
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          </QueryState>
          <Text size="sm" c="dimmed">
            {t('network:domains.change_body')}
          </Text>
          {edit.error && <ErrorAlert error={edit.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={edit.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={edit.isPending}>
              {t('network:domains.change_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
