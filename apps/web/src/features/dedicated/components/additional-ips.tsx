/**
 * The server's additional addresses and subnets (ServerAdditionalSubnets' rows, read with the
 * server): address, gateway, the customer's note (edited in place) and the monthly price. 'Order an
 * IP address' offers one address or a routed /29 or /28 subnet, says first what the choice will cost
 * each month (it is billed monthly, a subnet at the address price per address), then orders it.
 */
import { useState } from 'react';
import { Button, Radio, Stack, Table, Text } from '@mantine/core';
import {
  ADDITIONAL_IP_COMMENT_MAX,
  ADDITIONAL_IP_PREFIXES,
  addressesIn,
  type AdditionalIpPrefix,
  type ServerStats,
} from '@portside/contract/schemas/dedicated';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { InlineNameEditor } from '../../../shared/ui/inline-name-editor';
import { notifySuccess } from '../../../shared/ui/notify';
import { useIpPrice } from '../api/get-ip-price';
import { useOrderIp } from '../api/order-ip';
import { useUpdateIpComment } from '../api/update-ip-comment';
import { Section } from './section';

export function AdditionalIps({ server }: { server: ServerStats }) {
  const { t } = useTranslation(['dedicated', 'common']);
  const money = useMoney();
  const [asking, setAsking] = useState(false);
  const [prefix, setPrefix] = useState<AdditionalIpPrefix>(32);
  const order = useOrderIp(server.serial);
  const comment = useUpdateIpComment();
  const price = useIpPrice(useClaim('menu-see-my-services') && asking);
  const ips = server.additional_ips;

  const sizeLabel = (p: AdditionalIpPrefix) =>
    p === 32 ? t('ips.size_single') : t('ips.size_subnet', { prefix: p, count: addressesIn(p) });
  const cost = price.data != null ? price.data * addressesIn(prefix) : null;
  const confirm = () =>
    order.mutate(prefix, {
      onSuccess: (ip) => {
        setAsking(false);
        notifySuccess(t('ips.ordered', { address: ip.address, price: money(ip.monthly_cents) }));
      },
    });

  return (
    <Section
      id="ips"
      title={t('ips.title')}
      subtitle={t('ips.subtitle')}
      actions={
        <Button
          size="xs"
          variant="light"
          leftSection={<Icon name="plus" size={14} />}
          onClick={() => {
            order.reset();
            setPrefix(32);
            setAsking(true);
          }}
        >
          {t('ips.order')}
        </Button>
      }
    >
      {ips.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ips.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={330}>
          <Table aria-label={t('ips.table_label')} verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ips.address')}</Table.Th>
                <Table.Th>{t('ips.comment')}</Table.Th>
                <Table.Th ta="right">{t('price.per_month')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ips.map((ip) => (
                <Table.Tr key={ip.equipment_id}>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {ip.address}
                    </Text>
                    {ip.gateway && (
                      <Text size="xs" c="dimmed">
                        {t('ips.gateway', { gateway: ip.gateway })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <InlineNameEditor
                      compact
                      name={ip.comment ?? ''}
                      validate={(v) => (v.length > ADDITIONAL_IP_COMMENT_MAX ? 'field_too_long' : null)}
                      save={(v) => comment.mutateAsync({ equipmentId: ip.equipment_id, comment: v })}
                      onSaved={() => notifySuccess(t('ips.comment_saved', { address: ip.address }))}
                      pending={comment.isPending && comment.variables?.equipmentId === ip.equipment_id}
                      field="p_comment"
                      normalize={(v) => v.trim()}
                      labels={{
                        button: t('ips.edit_comment', { address: ip.address }),
                        field: t('ips.comment_field', { address: ip.address }),
                        save: t('common:actions.save'),
                        cancel: t('common:actions.cancel'),
                      }}
                    >
                      <Text size="sm" c={ip.comment ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                        {ip.comment || t('ips.no_comment')}
                      </Text>
                    </InlineNameEditor>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(ip.monthly_cents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('ips.confirm_title', { hostname: server.hostname })}
        confirmLabel={t('ips.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
        loading={order.isPending}
        danger={false}
        error={order.error ? <ErrorAlert error={order.error} /> : null}
      >
        <Stack gap="xs">
          <Radio.Group
            label={t('ips.size_label')}
            value={String(prefix)}
            onChange={(v) => setPrefix(Number(v) as AdditionalIpPrefix)}
          >
            <Stack gap={6} mt={6}>
              {ADDITIONAL_IP_PREFIXES.map((p) => (
                <Radio key={p} value={String(p)} label={sizeLabel(p)} disabled={order.isPending} />
              ))}
            </Stack>
          </Radio.Group>
          <Text>{cost != null ? t('ips.confirm_price', { price: money(cost) }) : t('ips.confirm_no_price')}</Text>
          <Text size="sm" c="dimmed">
            {t('ips.confirm_note')}
          </Text>
        </Stack>
      </ConfirmDialog>
    </Section>
  );
}
