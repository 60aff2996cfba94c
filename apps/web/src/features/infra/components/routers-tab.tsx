/** The Routers tab: every registered router with its address, last sync and subnets, and Register. */
import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useInfraRouters } from '../api/get-routers';
import { InfraList } from './infra-list';
import { RegisterRouterDialog } from './register-router-dialog';
import { RowRemove } from './row-remove';
import { RowTest } from './row-test';
import { Cell, InfraTable, LeadCells, StateText } from './table-parts';

export function RoutersTab() {
  const { t } = useTranslation('infra');
  const formatDate = useDateFormat();
  const [registering, setRegistering] = useState(false);
  return (
    <>
      <InfraList kind="routers" useRows={useInfraRouters} onRegister={() => setRegistering(true)}>
        {(rows) => (
          <InfraTable label={t('tabs.routers')}>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <LeadCells name={r.name} driver={r.driver} location={r.location} />
                <Cell>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {r.address}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('address.user', { user: r.username })}
                  </Text>
                </Cell>
                <Cell>
                  {!r.reachable && r.last_error ? (
                    <StateText ok={false} text={t('state.read_failed', { error: r.last_error })} />
                  ) : r.synced_at ? (
                    <StateText ok text={t('state.synced', { time: formatDate(r.synced_at) })} />
                  ) : (
                    <StateText ok={null} text={t('state.never_read')} />
                  )}
                </Cell>
                <Cell>{t('attached.subnets', { count: r.subnets })}</Cell>
                <Cell>
                  <Stack gap={6}>
                    <RowTest kind="router" id={r.id} name={r.name} />
                    {r.subnets === 0 && <RowRemove kind="router" id={r.id} name={r.name} />}
                  </Stack>
                </Cell>
              </Table.Tr>
            ))}
          </InfraTable>
        )}
      </InfraList>
      <RegisterRouterDialog opened={registering} onClose={() => setRegistering(false)} />
    </>
  );
}
