/**
 * Every tab of a cloud server's page; the active one is the address's ?tab= (kept when switching,
 * so a tab can be linked and survives a reload). Only the active panel is rendered, and the
 * code of every tab but Cost Breakdown and Project loads when the tab is first opened.
 */
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Group, Loader, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { BUILT_TABS, tabOf, VM_TABS, type VmTab } from '../lib/vm-tabs';
import type { VmRow } from '@portside/contract/schemas/vms';
import { CostBreakdownTab } from './cost-breakdown-tab';
import { ProjectTab } from './project-tab';

const GraphsTab = lazy(() => import('./graphs/graphs-tab'));
const FirewallTab = lazy(() => import('./firewall-tab'));
const ImageTab = lazy(() => import('./image-tab'));
const BackupsTab = lazy(() => import('./backups-tab'));
const SnapshotsTab = lazy(() => import('./snapshots-tab'));
const BootOrderTab = lazy(() => import('./boot-order-tab'));
const RootPasswordTab = lazy(() => import('./root-password-tab'));
const BiosTab = lazy(() => import('./bios-tab'));
const UpgradeTab = lazy(() => import('./upgrade-tab'));
const ResizeDiskTab = lazy(() => import('./resize-disk-tab'));
const RebuildTab = lazy(() => import('./rebuild-tab'));
const CloneTab = lazy(() => import('./clone-tab'));

/** The tabs whose code loads on first opening. */
const LAZY_TABS: Partial<Record<VmTab, typeof GraphsTab>> = {
  firewall: FirewallTab,
  graphs: GraphsTab,
  image: ImageTab,
  backups: BackupsTab,
  snapshots: SnapshotsTab,
  'boot-order': BootOrderTab,
  'reset-root-password': RootPasswordTab,
  bios: BiosTab,
  upgrade: UpgradeTab,
  'resize-disk': ResizeDiskTab,
  rebuild: RebuildTab,
  clone: CloneTab,
};

export interface VmTabsProps {
  vm: VmRow;
  /** What a tab this feature does not draw shows: another feature's panel (the console) or the not-built notice. */
  notBuilt: (tab: VmTab, vm: VmRow) => ReactNode;
}

function Panel({ tab, vm, notBuilt }: { tab: VmTab } & VmTabsProps) {
  const { t } = useTranslation('servers');
  if (!BUILT_TABS.includes(tab)) return notBuilt(tab, vm);
  if (tab === 'cost-breakdown') return <CostBreakdownTab vm={vm} />;
  if (tab === 'project') return <ProjectTab vm={vm} />;
  const Lazy = LAZY_TABS[tab];
  if (!Lazy) return notBuilt(tab, vm);
  return (
    <Suspense
      fallback={
        <Group justify="center" py="xl">
          <Loader aria-label={t('tabs.loading')} />
        </Group>
      }
    >
      <Lazy vm={vm} />
    </Suspense>
  );
}

export function VmTabs({ vm, notBuilt }: VmTabsProps) {
  const { t } = useTranslation('servers');
  const [params, setParams] = useSearchParams();
  const active = tabOf(params.get('tab'));
  // Phones scroll the tab strip sideways (inside itself) instead of stacking seven rows of tabs.
  const phone = useMediaQuery('(max-width: 48em)');
  // A tab opened by its address is brought into the strip's view (only the strip scrolls, not the page).
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = strip.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!phone || !list || !tab) return;
    const left = tab.getBoundingClientRect().left - list.getBoundingClientRect().left;
    if (left < 0 || left + tab.offsetWidth > list.clientWidth) list.scrollLeft += left - 16;
  }, [active, phone]);
  const select = (value: string | null) => {
    const next = new URLSearchParams(params);
    next.set('tab', tabOf(value));
    setParams(next, { replace: true });
  };
  return (
    <Tabs value={active} onChange={select} keepMounted={false} variant="outline">
      <Tabs.List
        ref={strip}
        aria-label={t('tabs.label')}
        style={phone ? { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' } : { flexWrap: 'wrap' }}
      >
        {VM_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab} style={{ flexShrink: 0 }}>
            {t(`tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {VM_TABS.map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="md">
          {tab === active && <Panel tab={tab} vm={vm} notBuilt={notBuilt} />}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
