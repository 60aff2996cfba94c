/**
 * Port forwarding (issue 15) below the firewall rules: for a server without a public IPv4 address,
 * the ports of its location's gateway forwarded to it (gateway:external port → internal port, the
 * protocol, whether the gateway has it, the comment), added and deleted (after a confirmation).
 * The gateway's answers arrive live on the port-forwarding hub; a pending forward is also read
 * again every 2 s. A server with its own IPv4 address is reached on it: one line says so. The
 * gateway reaches a server on its private IPv4 address (destination NAT keeps the family), which
 * the server takes at its next boot: a line under the list says so.
 */
import { useState } from 'react';
import { ActionIcon, Badge, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { MAX_FORWARDS_PER_SERVER } from '@portside/contract/rules/network';
import type { PortForwardRow } from '@portside/contract/schemas/network';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useDeletePortForward } from '../api/delete-port-forward';
import { usePortForwards } from '../api/get-port-forwards';
import { useVmDataProgress } from '../lib/use-vm-data-progress';
import { PortForwardForm } from './port-forward-form';

const FORWARD_KINDS = ['port-forwarding'] as const;
const STATE_COLOURS = { pending: 'yellow', active: 'green', failed: 'red' } as const;

export function PortForwardingSection({ vm }: { vm: VmRow }) {
  const { t } = useTranslation('firewall');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="port-forwarding-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="port-forwarding-title">
          {t('forwarding.title')}
        </Title>
        {vm.ip !== null ? (
          <Text size="sm" c="dimmed">
            {t('forwarding.has_ipv4', { ip: vm.ip })}
          </Text>
        ) : (
          <Forwards vm={vm} />
        )}
      </Stack>
    </Paper>
  );
}

/** What a forward is called in its delete button and confirmation. */
const nameOf = (f: PortForwardRow) => `${f.gateway}:${f.external_port}`;

function Forwards({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['firewall', 'common']);
  const forwards = usePortForwards(vm.provisioned_id);
  // The gateway's answers: each message reads the list again (use-vm-data-progress' effects).
  useVmDataProgress(vm.provisioned_id, FORWARD_KINDS);
  const remove = useDeletePortForward(vm.provisioned_id);
  const [asking, setAsking] = useState<PortForwardRow | null>(null);
  const rows = forwards.data ?? [];
  /** Where a forward leads: the server's address and port ([…] around IPv6), or the port alone when the address is not known. */
  const internalOf = (f: PortForwardRow) =>
    f.internal_address === ''
      ? t('forwarding.server_port', { port: f.internal_port })
      : f.internal_address.includes(':')
        ? `[${f.internal_address}]:${f.internal_port}`
        : `${f.internal_address}:${f.internal_port}`;
  const full = rows.length >= MAX_FORWARDS_PER_SERVER;
  // Destination NAT keeps the family: the gateway reaches the server on a private IPv4 address it takes at its next boot.
  const inside = rows.find((f) => f.internal_address !== '' && !f.internal_address.includes(':'))?.internal_address ?? null;

  const close = () => {
    remove.reset();
    setAsking(null);
  };
  const confirm = () =>
    asking &&
    remove.mutate(
      { p_id: asking.id },
      {
        onSuccess: () => {
          notifySuccess(t('forwarding.deleted', { name: nameOf(asking) }));
          setAsking(null);
        },
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('forwarding.intro')}
      </Text>
      <QueryState
        query={forwards}
        loadingLabel={t('forwarding.loading')}
        skeleton={2}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="router" title={t('forwarding.empty_title')} body={t('forwarding.empty_body')} />}
      >
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={t('forwarding.table.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('forwarding.table.forward')}</Table.Th>
                <Table.Th>{t('forwarding.table.protocol')}</Table.Th>
                <Table.Th>{t('forwarding.table.state')}</Table.Th>
                <Table.Th>{t('forwarding.table.comment')}</Table.Th>
                <Table.Th w={56}>
                  <VisuallyHidden>{t('forwarding.table.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => (
                <Table.Tr key={f.id} data-testid="port-forward">
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {nameOf(f)} → {internalOf(f)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`proto.${f.protocol}`)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATE_COLOURS[f.state]}>
                      {t(`forwarding.states.${f.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 260 }}>{f.comment}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="default"
                      color="red"
                      size="lg"
                      aria-label={t('forwarding.delete', { name: nameOf(f) })}
                      onClick={() => setAsking(f)}
                    >
                      <Icon name="trash" size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
      {inside && (
        <Text size="sm" c="dimmed">
          {t('forwarding.private_note', { address: inside })}
        </Text>
      )}
      <Title order={3} fz="h5" id="port-forward-add-title">
        {t('forwarding.add_title')}
      </Title>
      {full && (
        <Text size="sm" c="dimmed">
          {t('forwarding.full', { max: MAX_FORWARDS_PER_SERVER })}
        </Text>
      )}
      <PortForwardForm provisionedId={vm.provisioned_id} full={full} />
      <ConfirmDialog
        opened={asking !== null}
        title={t('forwarding.delete_title', { name: asking ? nameOf(asking) : '' })}
        confirmLabel={t('forwarding.delete_confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirm}
        onClose={close}
        loading={remove.isPending}
        error={<ErrorAlert error={remove.error} />}
      >
        <Text size="sm">{asking && t('forwarding.delete_body', { name: nameOf(asking), internal: asking.internal_port })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
