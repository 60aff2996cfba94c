/**
 * The staff's changes to a dedicated server on /all-dedicated-servers (issue 18): moving it to
 * another account (ServerUpdateClient — its service and its addresses' services go with it, and
 * both accounts' logs say so) and its tag (ServerUpdateTag; empty clears it).
 */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { SERVER_TAG_MAX, type AllDedicatedItem } from '@portside/contract/schemas/clients';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useClients } from '../api/get-clients';
import { useServerUpdateClient } from '../api/update-server-client';
import { useServerUpdateTag } from '../api/update-server-tag';
import { personName } from './clients-table';

interface DialogProps {
  server: AllDedicatedItem | null;
  onClose: () => void;
}

function Buttons({ pending, label, onClose }: { pending: boolean; label: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Group>
  );
}

function MoveForm({ server, onClose }: { server: AllDedicatedItem; onClose: () => void }) {
  const { t } = useTranslation('clients');
  const [search, setSearch] = useState('');
  const [client, setClient] = useState<string | null>(null);
  const found = useClients({ page: 1, search, order: 'created_at.desc', filters: { deleted_at: 'is.null' } });
  const move = useServerUpdateClient();
  const options = (found.data?.rows ?? [])
    .filter((c) => c.id !== server.client)
    .map((c) => ({ value: c.id, label: `${c.company_name ?? personName(c)} — ${c.email ?? ''}` }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!client) return;
        move.mutate(
          { p_serial: server.serial, p_client: client },
          {
            onSuccess: () => {
              notifySuccess(t('move.done', { hostname: server.hostname }));
              onClose();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('move.body', { hostname: server.hostname, client: server.client_name ?? t('dedicated.in_stock') })}
        </Text>
        <Select
          label={t('move.target')}
          placeholder={t('move.target_placeholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={client}
          onChange={setClient}
          filter={({ options: o }) => o}
          nothingFoundMessage={search.trim().length < 2 ? t('move.type_more') : t('clients.empty_title')}
          required
        />
        <ErrorAlert error={move.error} />
        <Buttons pending={move.isPending} label={t('move.submit')} onClose={onClose} />
      </Stack>
    </form>
  );
}

export function MoveServerDialog({ server, onClose }: DialogProps) {
  const { t } = useTranslation(['clients', 'common']);
  return (
    <Modal
      opened={server !== null}
      onClose={onClose}
      title={t('move.title', { hostname: server?.hostname ?? '' })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      {server && <MoveForm key={server.serial} server={server} onClose={onClose} />}
    </Modal>
  );
}

function TagForm({ server, onClose }: { server: AllDedicatedItem; onClose: () => void }) {
  const { t } = useTranslation('clients');
  const [tag, setTag] = useState(server.tag ?? '');
  const update = useServerUpdateTag();
  const tooLong = tag.trim().length > SERVER_TAG_MAX;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (tooLong) return;
        update.mutate({ p_serial: server.serial, p_tag: tag.trim() }, { onSuccess: onClose });
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('dedicated.tag')}
          description={t('tag.hint', { max: SERVER_TAG_MAX })}
          value={tag}
          onChange={(e) => setTag(e.currentTarget.value)}
          error={tooLong ? t('tag.too_long', { max: SERVER_TAG_MAX }) : undefined}
          data-autofocus
        />
        <ErrorAlert error={update.error} />
        <Buttons pending={update.isPending} label={t('tag.submit')} onClose={onClose} />
      </Stack>
    </form>
  );
}

export function TagDialog({ server, onClose }: DialogProps) {
  const { t } = useTranslation(['clients', 'common']);
  return (
    <Modal
      opened={server !== null}
      onClose={onClose}
      title={t('tag.title', { hostname: server?.hostname ?? '' })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      {server && <TagForm key={server.serial} server={server} onClose={onClose} />}
    </Modal>
  );
}
