/**
 * /servers/vpn (issue 17, claim menu-see-vpn-servers): the account's VPN servers — cloud servers
 * made from the WireGuard image — each with its peers, 'Add peer' (the device's configuration to
 * copy, download or scan) and removal. Without a VPN server the page offers to order one. The
 * order itself is the order feature's: the app page (app/pages/vpn-servers-page.tsx) passes it in
 * as `onOrder`, so this feature does not import that one. Ten servers a page.
 */
import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import type { VpnServer } from '@portside/contract/schemas/vpn';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useVpnServers } from '../api/get-vpn-servers';
import { AddPeerDialog } from '../components/add-peer-dialog';
import { VpnServerCard } from '../components/vpn-server-card';

/** Servers per page. */
const PAGE_SIZE = 10;

export interface VpnServersPageProps {
  /** Opens the order form set up for a VPN server; resolves once it is on its way. */
  onOrder: () => Promise<void>;
}

export function VpnServersPage({ onOrder }: VpnServersPageProps) {
  const { t } = useTranslation('vpn');
  const servers = useVpnServers();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState<VpnServer | null>(null);
  const [ordering, setOrdering] = useState(false);
  const all = servers.data ?? [];
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = all.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  // The dialog follows the server's row as the list is read again (its key, its peer count).
  const addingNow = adding ? (all.find((s) => s.provisioned_id === adding.provisioned_id) ?? adding) : null;

  const order = (variant: 'filled' | 'light') => (
    <Button
      variant={variant}
      leftSection={<Icon name="plus" size={16} />}
      loading={ordering}
      onClick={() => {
        setOrdering(true);
        void onOrder().finally(() => setOrdering(false));
      }}
    >
      {t('order')}
    </Button>
  );

  return (
    <Stack gap="lg" maw={1100} miw={0}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={all.length > 0 ? order('filled') : undefined} />
      <QueryState
        query={servers}
        loadingLabel={t('loading')}
        isEmpty={() => all.length === 0}
        empty={<EmptyState icon="lock" title={t('empty.title')} body={t('empty.body')} action={order('light')} />}
      >
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list_label')}>
          {shown.map((s) => (
            <li key={s.provisioned_id}>
              <VpnServerCard server={s} onAddPeer={setAdding} />
            </li>
          ))}
        </Stack>
        {pages > 1 && <Pager page={current} pages={pages} onChange={setPage} label={t('page_label')} />}
      </QueryState>
      <AddPeerDialog server={addingNow} onClose={() => setAdding(null)} />
    </Stack>
  );
}
