/**
 * /myips — IP management (spec 1 §2, claim menu-see-ip-management): the account's own addresses
 * (My IPs), the addresses the provider assigned to its servers with their reverse DNS (System IPs),
 * and, for users holding vm-settings-firewall, the port forwards of every server.
 */
import { Anchor, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { MyIpsPanel } from '../components/my-ips-panel';
import { PortForwardsPanel } from '../components/port-forwards-panel';
import { SystemIpsPanel } from '../components/system-ips-panel';

export default function MyIpsPage() {
  const { t } = useTranslation('network');
  const firewall = useClaim('vm-settings-firewall');
  const ipsets = useClaim('menu-see-ipsets');
  const domains = useClaim('menu-see-custom-domains');
  const links = (ipsets || domains) && (
    <Group gap="md" wrap="wrap">
      {ipsets && (
        <Anchor component={Link} to={buildPath('ipsets')} size="sm">
          <Group gap={4} wrap="nowrap">
            <Icon name="shield" size={16} />
            {t('ipsets.title')}
          </Group>
        </Anchor>
      )}
      {domains && (
        <Anchor component={Link} to={buildPath('custom-domains')} size="sm">
          <Group gap={4} wrap="nowrap">
            <Icon name="globe" size={16} />
            {t('domains.title')}
          </Group>
        </Anchor>
      )}
    </Group>
  );
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('myips.title')} subtitle={t('myips.subtitle')} actions={links} />
      <MyIpsPanel />
      <SystemIpsPanel />
      {firewall && <PortForwardsPanel />}
    </Stack>
  );
}
