/**
 * The dashboard (spec 1 §2): cloud servers, dedicated servers, my tickets and my projects, with
 * the Order VM, New ticket, Show all and More servers actions. Sections a user's claims hide in
 * the sidebar are hidden here too.
 */
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { useSession } from '../../../shared/session/store';
import { PageHeader } from '../../../shared/ui/page-header';
import { DashboardCard } from '../components/dashboard-card';
import { ProjectList } from '../components/project-list';
import { useProjectSummaries } from '../../../shared/api/get-my-projects';
import { useDashboardVms } from '../api/get-dashboard-vms';
import { CloudServerSummary } from '../components/cloud-server-summary';
import { useVmOfferPrices } from '../api/get-vm-offer-prices';
import { useDashboardTickets } from '../api/get-dashboard-tickets';
import { TicketSummary } from '../components/ticket-summary';
import { useDashboardDedicated } from '../api/get-dashboard-dedicated';
import { DedicatedSummary } from '../components/dedicated-summary';
import { useMoney } from '../../../shared/format/use-money';
import { useLocationName } from '../../../shared/format/use-location-name';

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const locationName = useLocationName();
  const profile = useSession('customerDetails');
  const claims = profile?.claims ?? [];
  const showAll = t('show_all');
  const seesCloud = claims.includes('menu-see-cloud-servers');
  const seesDedicated = claims.includes('menu-see-dedicated-servers');
  const dedicated = useDashboardDedicated(seesDedicated);
  // Projects go with the cloud servers (docs/access.md): without the claim the card is not shown.
  const projects = useProjectSummaries(seesCloud);
  const vms = useDashboardVms(seesCloud);
  const tickets = useDashboardTickets();
  // The tickets page opens its 'New ticket' dialog (loaded with that page, not the dashboard).
  const newTicket = `${buildPath('tickets')}?new=1`;
  const money = useMoney();
  // The 'Order VM' entry shows what a server costs at each location (VmsOffers).
  const fromPrices = useVmOfferPrices(seesCloud && vms.data?.length === 0);
  const offerText = (fromPrices.data ?? [])
    .map((p) =>
      t('cloud.from_price', { price: money(p.monthly_price_cents), location: locationName(p.location, p.location_name) }),
    )
    .join(' · ');

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} subtitle={profile && t('welcome', { name: profile.first_name })} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {seesCloud && (
          <DashboardCard
            title={t('cloud.title')}
            icon="cloud"
            query={{ result: vms, loadingLabel: t('cloud.loading') }}
            actions={
              <Button component={Link} to={buildPath('list-view')} variant="subtle" size="xs">
                {showAll}
              </Button>
            }
            emptyTitle={t('cloud.empty_title')}
            emptyBody={offerText ? `${t('cloud.empty_body')} ${offerText}` : t('cloud.empty_body')}
            emptyAction={
              <Button component={Link} to={buildPath('NewOrder')}>
                {t('cloud.order_vm')}
              </Button>
            }
          >
            {vms.data && vms.data.length > 0 ? <CloudServerSummary vms={vms.data} /> : undefined}
          </DashboardCard>
        )}
        {seesDedicated && (
          <DashboardCard
            title={t('dedicated.title')}
            icon="server"
            query={{ result: dedicated, loadingLabel: t('dedicated.loading') }}
            actions={
              <Button component={Link} to={buildPath('servers-dedicated')} variant="subtle" size="xs">
                {t('dedicated.more_servers')}
              </Button>
            }
            emptyTitle={t('dedicated.empty_title')}
            emptyBody={t('dedicated.empty_body')}
            emptyAction={
              <Button component={Link} to={buildPath('NewOrder')} variant="light">
                {t('dedicated.see_offers')}
              </Button>
            }
          >
            {dedicated.data && dedicated.data.rows.length > 0 ? (
              <DedicatedSummary servers={dedicated.data.rows} total={dedicated.data.total ?? dedicated.data.rows.length} />
            ) : undefined}
          </DashboardCard>
        )}
        <DashboardCard
          title={t('tickets.title')}
          icon="ticket"
          query={{ result: tickets, loadingLabel: t('tickets.loading') }}
          actions={
            <>
              {/* With no ticket yet the empty state offers it. */}
              {tickets.data && tickets.data.rows.length > 0 && (
                <Button component={Link} to={newTicket} variant="light" size="xs">
                  {t('tickets.new_ticket')}
                </Button>
              )}
              <Button component={Link} to={buildPath('tickets')} variant="subtle" size="xs">
                {showAll}
              </Button>
            </>
          }
          emptyTitle={t('tickets.empty_title')}
          emptyBody={t('tickets.empty_body')}
          emptyAction={
            <Button component={Link} to={newTicket}>
              {t('tickets.new_ticket')}
            </Button>
          }
        >
          {tickets.data && tickets.data.rows.length > 0 ? (
            <TicketSummary tickets={tickets.data.rows} total={tickets.data.total ?? tickets.data.rows.length} />
          ) : undefined}
        </DashboardCard>
        {seesCloud && (
          <DashboardCard
            title={t('projects.title')}
            icon="folder"
            query={{ result: projects, loadingLabel: t('projects.loading') }}
            actions={
              <Button component={Link} to={buildPath('projects')} variant="subtle" size="xs">
                {showAll}
              </Button>
            }
            emptyTitle={t('projects.empty_title')}
            emptyBody={t('projects.empty_body')}
            emptyAction={
              <Button component={Link} to={buildPath('projects')} variant="light">
                {t('projects.manage')}
              </Button>
            }
          >
            {/* Only the default project is the empty state; more projects are listed. */}
            {projects.data && projects.data.rows.length > 1 ? (
              <ProjectList projects={projects.data.rows} total={projects.data.total ?? 0} />
            ) : undefined}
          </DashboardCard>
        )}
      </SimpleGrid>
    </Stack>
  );
}
