/**
 * Attaches an IP set to servers: a multi-select of the account's servers (MyVMs2) not attached yet.
 * A server holds at most 50 IP sets (spec 1 §5); the server's IPSET_SERVER_LIMIT is explained.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { LAYOUT, LIMITS } from '@portside/contract/constants';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ApiError } from '../../../shared/api/client';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useAttachIpset } from '../api/attach-ipset';
import { useServerChoices } from '../api/get-server-choices';

export interface AttachServersDialogProps {
  ipset: number;
  name: string;
  /** Servers the set is attached to already (left out of the choices). */
  attached: ReadonlySet<number>;
  opened: boolean;
  onClose: () => void;
}

export function AttachServersDialog({ ipset, name, attached, opened, onClose }: AttachServersDialogProps) {
  const { t } = useTranslation(['network', 'errors', 'common']);
  const servers = useServerChoices(opened);
  const attach = useAttachIpset(ipset);
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const options = (servers.data ?? [])
    .filter((s) => !attached.has(s.provisioned_id))
    .map((s) => ({ value: String(s.provisioned_id), label: `${s.name} · ${s.location_name}` }));
  const limit = attach.error instanceof ApiError && attach.error.body.code === 'IPSET_SERVER_LIMIT';

  const close = () => {
    if (attach.isPending) return;
    setChosen([]);
    setTried(false);
    attach.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (chosen.length === 0 || attach.isPending) return;
    attach.mutate(chosen.map(Number), {
      onSuccess: (r) => {
        notifySuccess(t('network:attach.attached', { name, count: r.attached }));
        close();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('network:attach.title', { name })}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <QueryState query={servers} loadingLabel={t('network:attach.loading')}>
            {options.length === 0 ? (
              <Text size="sm">{t('network:attach.none_left')}</Text>
            ) : (
              <MultiSelect
                label={t('network:attach.servers_label')}
                description={t('network:attach.servers_description', { max: LIMITS.ipsetsPerServer })}
                data={options}
                value={chosen}
                onChange={(v) => {
                  setChosen(v);
                  if (attach.error) attach.reset();
                }}
                searchable
                clearable
                hidePickedOptions
                nothingFoundMessage={t('network:attach.nothing_found')}
                error={tried && chosen.length === 0 ? t('network:attach.choose') : undefined}
                comboboxProps={{ withinPortal: true }}
                data-autofocus
              />
            )}
          </QueryState>
          {limit && (
            <Alert color="red" variant="light" role="alert" title={t('errors:IPSET_SERVER_LIMIT')}>
              {t('network:attach.limit_explained', { max: LIMITS.ipsetsPerServer })}
            </Alert>
          )}
          {attach.error && !limit && <ErrorAlert error={attach.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={attach.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={attach.isPending} disabled={options.length === 0}>
              {t('network:attach.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
