/** The Clusters tab: every registered hypervisor cluster with its API address, last heartbeat and servers, and Register. */
import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClusters } from '../api/get-clusters';
import { InfraList } from './infra-list';
import { RegisterClusterDialog } from './register-cluster-dialog';
import { RowRemove } from './row-remove';
import { RowTest } from './row-test';
import { Cell, InfraTable, LeadCells, StateText } from './table-parts';

export function ClustersTab() {
  const { t } = useTranslation('infra');
  const formatDate = useDateFormat();
  const [registering, setRegistering] = useState(false);
  return (
    <>
      <InfraList kind="clusters" useRows={useClusters} onRegister={() => setRegistering(true)}>
        {(rows) => (
          <InfraTable label={t('tabs.clusters')}>
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <LeadCells name={c.name} driver={c.driver} location={c.location} />
                <Cell>
                  {c.api_url ? (
                    <>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {c.api_url}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {c.token_id}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('address.simulated')}
                    </Text>
                  )}
                </Cell>
                <Cell>
                  {c.last_sync_error ? (
                    <StateText ok={false} text={t('state.read_failed', { error: c.last_sync_error })} />
                  ) : c.last_sync_at ? (
                    <StateText ok text={t('state.heartbeat', { time: formatDate(c.last_sync_at) })} />
                  ) : (
                    <StateText ok={null} text={t('state.never_read')} />
                  )}
                </Cell>
                <Cell>
                  <Text size="sm">{t('attached.vms', { count: c.vm_count })}</Text>
                  {c.nodes.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('attached.nodes', { count: c.nodes.length })}
                    </Text>
                  )}
                </Cell>
                <Cell>
                  <Stack gap={6}>
                    <RowTest kind="cluster" id={c.id} name={c.name} />
                    {c.vm_count === 0 && <RowRemove kind="cluster" id={c.id} name={c.name} />}
                  </Stack>
                </Cell>
              </Table.Tr>
            ))}
          </InfraTable>
        )}
      </InfraList>
      <RegisterClusterDialog opened={registering} onClose={() => setRegistering(false)} />
    </>
  );
}
