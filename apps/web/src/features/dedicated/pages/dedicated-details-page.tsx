/**
 * /servers/server-details-dedicated/:serial (spec 1 §2 'Dedicated server details', issue 17): one
 * dedicated server — its head, power functions with the live state, IPMI access over WireGuard and
 * the ILO password, the price breakdown, disks, memory, sensors and additional addresses. The
 * ServerStats row is kept as the session's serverDedicatedDetails (spec 2 §7). The route's gate
 * (menu-see-dedicated-servers) keeps the reads from running without the claim.
 */
import { useEffect } from 'react';
import { Alert, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { setSession, useSession } from '../../../shared/session/store';
import { QueryState } from '../../../shared/ui/query-state';
import { useServerStats } from '../api/get-server-stats';
import { AdditionalIps } from '../components/additional-ips';
import { DisksTable, MemoryTable, SensorsTable } from '../components/hardware-tables';
import { IpmiAccess } from '../components/ipmi-access';
import { BackLink, NotFoundPanel } from '../components/not-found-panel';
import { PowerPanel } from '../components/power-panel';
import { PriceBreakdown } from '../components/price-breakdown';
import { ServerHead } from '../components/server-head';
import { useDedicatedLive } from '../lib/use-dedicated-live';

/** A serial as the contract allows it; anything else is not asked for. */
const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

function DetailsSkeleton() {
  return (
    <>
      <Skeleton h={36} w="40%" radius="sm" />
      <Skeleton h={90} radius="md" />
      <Skeleton h={160} radius="md" />
    </>
  );
}

export default function DedicatedDetailsPage() {
  const { t } = useTranslation('dedicated');
  const serial = useParams().serial ?? '';
  const valid = SERIAL.test(serial);
  const stats = useServerStats(serial, valid);
  useDedicatedLive();
  const data = stats.data;
  const ownClient = useSession('customerDetails')?.client;
  // Staff holding menu-see-server-stats read every account's servers: another account's is shown
  // read-only (its power functions, IPMI access and addresses are its account's to use).
  const foreign = !!data?.client && !!ownClient && data.client !== ownClient;

  useEffect(() => {
    if (data) setSession('serverDedicatedDetails', data);
  }, [data]);

  if (!valid) {
    return (
      <Stack gap="md">
        <BackLink />
        <NotFoundPanel serial={serial} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={1200} miw={0}>
      <BackLink />
      <QueryState
        query={stats}
        loadingLabel={t('details.loading')}
        isEmpty={() => !data}
        empty={<NotFoundPanel serial={serial} />}
        skeleton={<DetailsSkeleton />}
      >
        {data && (
          <Stack gap="md">
            <ServerHead server={data} readOnly={foreign} />
            {foreign ? (
              <>
                <Alert
                  color="blue"
                  variant="light"
                  title={t('details.foreign_title', { account: data.client_name ?? data.client })}
                >
                  {t('details.foreign_body')}
                </Alert>
                <PriceBreakdown server={data} />
              </>
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                  <PowerPanel server={data} />
                  <IpmiAccess server={data} />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                  <PriceBreakdown server={data} />
                  <AdditionalIps server={data} />
                </SimpleGrid>
              </>
            )}
            <DisksTable server={data} />
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <MemoryTable server={data} />
              <SensorsTable server={data} />
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
