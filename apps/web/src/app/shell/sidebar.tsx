/**
 * The sidebar (spec 1 §2 'Sidebar'): entries by claim and role, expandable groups that close when
 * the route leaves their area, the account entries below 992 px, and the mascot's help modal.
 */
import { lazy, useState, type ReactNode } from 'react';
import { canSeeBilling } from '@portside/contract/rules/menu-access';
import { Box, Divider, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { Profile } from '@portside/contract/schemas/profile';
import { VoucherSlot } from '../../features/voucher/components/voucher-slot';
import { Icon } from '../../shared/ui/icons';
import { clearBanners } from '../../shared/ui/notify';
import { LazyDialog } from '../../shared/ui/lazy-dialog';
import { MascotHelp } from './mascot-help';
import {
  SIDEBAR,
  inGroupArea,
  isActive,
  visibleEntries,
  type NavDialogEntry,
  type NavGroupEntry,
  type NavLeaf,
} from './sidebar-entries';

const TelegramModal = lazy(() =>
  import('../../features/telegram/components/telegram-modal').then((m) => ({ default: m.TelegramModal })),
);

interface SidebarProps {
  profile: Profile;
}

/** An entry that opens its dialog (the Telegram modal of the Support group). */
function DialogLeaf({ entry, label, icon }: { entry: NavDialogEntry; label: string; icon: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <NavLink component="button" label={label} leftSection={icon} onClick={() => setOpened(true)} aria-haspopup="dialog" />
      {entry.dialog === 'telegram' && (
        <LazyDialog opened={opened}>
          <TelegramModal opened={opened} onClose={() => setOpened(false)} />
        </LazyDialog>
      )}
    </>
  );
}

function Leaf({ entry, pathname }: { entry: NavLeaf; pathname: string }) {
  const { t } = useTranslation('shell');
  const label = t(`sidebar.${entry.key}`);
  const icon = entry.icon ? <Icon name={entry.icon} /> : undefined;
  if (entry.kind === 'link') {
    const active = isActive(entry.to, pathname);
    return (
      <NavLink
        component={Link}
        to={entry.to}
        label={label}
        leftSection={icon}
        active={active}
        aria-current={active ? 'page' : undefined}
      />
    );
  }
  if (entry.kind === 'dialog') return <DialogLeaf entry={entry} label={label} icon={icon} />;
  if (entry.kind === 'external') {
    return (
      <NavLink
        href={entry.href}
        target="_blank"
        rel="noopener noreferrer"
        label={label}
        leftSection={icon}
        rightSection={<Icon name="external" size={14} />}
      />
    );
  }
  // Mantine's NavLink marks `disabled` only with data-disabled; aria-disabled tells assistive technology.
  return <NavLink component="button" disabled aria-disabled label={label} description={t('soon')} leftSection={icon} />;
}

function NavGroup({
  entry,
  pathname,
  opened,
  onToggle,
}: {
  entry: NavGroupEntry;
  pathname: string;
  opened: boolean;
  onToggle: (o: boolean) => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <NavLink
      component="button"
      label={t(`sidebar.${entry.key}`)}
      leftSection={entry.icon ? <Icon name={entry.icon} /> : undefined}
      opened={opened}
      onChange={onToggle}
      childrenOffset={28}
      aria-expanded={opened}
    >
      {entry.children.map((c) => (
        <Leaf key={c.key} entry={c} pathname={pathname} />
      ))}
    </NavLink>
  );
}

/** Which groups are open when the route is `pathname`: those whose area it is in. */
function groupsOpenAt(pathname: string): Record<string, boolean> {
  const open: Record<string, boolean> = {};
  for (const e of SIDEBAR) if (e.kind === 'group') open[e.key] = inGroupArea(e, pathname);
  return open;
}

export function Sidebar({ profile }: SidebarProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const entries = visibleEntries(profile);
  // A group opens when the route enters its area and closes when the route leaves it — on a change
  // of route only: a profile reloaded meanwhile (a new object) must not fold the group the user
  // opened, with the dialog one of its entries shows (the Telegram modal of Support). The groups
  // follow the route while rendering, not in an effect: an effect that ran late, after the first
  // paint, folded a group the user had opened in between.
  const [groups, setGroups] = useState(() => ({ pathname, open: groupsOpenAt(pathname) }));
  // Set while rendering: React renders again at once, before anything of this render shows.
  if (groups.pathname !== pathname) setGroups({ pathname, open: groupsOpenAt(pathname) });
  const open = groups.open;

  const billing = profile.invoice_ninja_client_link;
  return (
    <>
      {/* The browser's own scrolling (Mantine's ScrollArea is not part of the first load). */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}>
        <Box p="xs">
          {entries.map((e) =>
            e.kind === 'group' ? (
              <NavGroup
                key={e.key}
                entry={e}
                pathname={pathname}
                opened={!!open[e.key]}
                onToggle={(o) => setGroups((g) => ({ ...g, open: { ...g.open, [e.key]: o } }))}
              />
            ) : (
              <Leaf key={e.key} entry={e} pathname={pathname} />
            ),
          )}
        </Box>
        <Box hiddenFrom="md" px="xs" pb="xs">
          <Divider mb="xs" />
          <Stack gap={4} aria-label={t('sidebar.account_label')} role="group">
            <Box px="sm" py={4}>
              <VoucherSlot fullWidth />
            </Box>
            <NavLink
              component={Link}
              to="/profile"
              label={t('user_menu.profile')}
              leftSection={<Icon name="user" />}
              active={isActive('/profile', pathname)}
            />
            <NavLink
              component={Link}
              to="/settings"
              label={t('user_menu.settings')}
              leftSection={<Icon name="settings" />}
              active={isActive('/settings', pathname)}
            />
            {!canSeeBilling(profile) ? null : billing ? (
              <NavLink
                href={billing}
                target="_blank"
                rel="noopener noreferrer"
                label={t('user_menu.billing')}
                leftSection={<Icon name="billing" />}
                rightSection={<Icon name="external" size={14} />}
              />
            ) : (
              <NavLink
                component={Link}
                to="/billing"
                label={t('user_menu.billing')}
                leftSection={<Icon name="billing" />}
                active={isActive('/billing', pathname)}
              />
            )}
            <NavLink
              component={Link}
              to="/logout-raw"
              onClick={clearBanners}
              label={t('topbar.logout')}
              leftSection={<Icon name="logout" />}
              c="red"
            />
          </Stack>
        </Box>
      </Box>
      <Box p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <MascotHelp />
      </Box>
    </>
  );
}
