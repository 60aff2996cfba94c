/** The BMCs tab: every registered management controller with its address, the server it serves and whether it answered, and Register. */
import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { driverLabel } from '../lib/drivers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useBmcs } from '../api/get-bmcs';
import { InfraList } from './infra-list';
import { RegisterBmcDialog } from './register-bmc-dialog';
import { RowRemove } from './row-remove';
import { RowTest } from './row-test';
import { Cell, HeadRow, StateText } from './table-parts';

export function BmcsTab() {
  const { t } = useTranslation('infra');
  const formatDate = useDateFormat();
  const [registering, setRegistering] = useState(false);
  return (
    <>
      <InfraList kind="bmcs" useRows={useBmcs} onRegister={() => setRegistering(true)}>
        {(rows) => (
          <Table striped verticalSpacing="xs" miw={860} aria-label={t('tabs.bmcs')}>
            <Table.Thead>
              <HeadRow />
            </Table.Thead>
            <Table.Tbody>
              {rows.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {b.name}
                  </Table.Th>
                  <Cell>
                    <Text size="sm">{driverLabel(t, b.driver)}</Text>
                  </Cell>
                  <Cell>{b.location ?? '—'}</Cell>
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
            </Table.Tbody>
          </Table>
        )}
      </InfraList>
      <RegisterBmcDialog opened={registering} onClose={() => setRegistering(false)} />
    </>
  );
}
