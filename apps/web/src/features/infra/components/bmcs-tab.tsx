/** The BMCs tab: every registered management controller with its address, the server it serves and whether it answered, and Register. */
import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useBmcs } from '../api/get-bmcs';
import { InfraList } from './infra-list';
import { RegisterBmcDialog } from './register-bmc-dialog';
import { RowRemove } from './row-remove';
import { RowTest } from './row-test';
import { Cell, InfraTable, LeadCells, StateText } from './table-parts';

export function BmcsTab() {
  const { t } = useTranslation('infra');
  const formatDate = useDateFormat();
  const [registering, setRegistering] = useState(false);
  return (
    <>
      <InfraList kind="bmcs" useRows={useBmcs} onRegister={() => setRegistering(true)}>
        {(rows) => (
          <InfraTable label={t('tabs.bmcs')}>
            {rows.map((b) => (
              <Table.Tr key={b.id}>
                <LeadCells name={b.name} driver={b.driver} location={b.location} />
                <Cell>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {b.address}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('address.login', { user: b.username, system: b.system_id })}
                  </Text>
                </Cell>
                <Cell>
                  {b.reachable === null ? (
                    <StateText ok={null} text={t('state.no_server')} />
                  ) : (
                    <StateText
                      ok={b.reachable}
                      text={
                        b.reachable
                          ? t('state.reachable', { time: formatDate(b.synced_at) })
                          : t('state.unreachable', { time: formatDate(b.synced_at) })
                      }
                    />
                  )}
                </Cell>
                <Cell>{b.server ? t('attached.server', { serial: b.server }) : t('attached.none')}</Cell>
                <Cell>
                  <Stack gap={6}>
                    <RowTest kind="bmc" id={b.id} name={b.name} />
                    {b.server === null && <RowRemove kind="bmc" id={b.id} name={b.name} />}
                  </Stack>
                </Cell>
              </Table.Tr>
            ))}
          </InfraTable>
        )}
      </InfraList>
      <RegisterBmcDialog opened={registering} onClose={() => setRegistering(false)} />
    </>
  );
}
