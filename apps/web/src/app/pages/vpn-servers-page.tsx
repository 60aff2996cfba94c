/**
 * /servers/vpn composed (features meet here): the VPN feature's page, whose 'Order a VPN server'
 * fills the order feature's builder with the WireGuard image on the smallest vCore model and opens
 * /new-order, so neither feature imports the other.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { VPN_IMAGE_ID } from '@portside/contract/rules/vpn';
import { presetBuilder } from '../../features/order/lib/builder-preset';
import { VpnServersPage } from '../../features/vpn/pages/vpn-servers-page';

export default function VpnServersRoutePage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (
    <VpnServersPage
      onOrder={async () => {
        // Should the lists not load, the builder opens without the preset: the customer chooses.
        await presetBuilder(client, { image: VPN_IMAGE_ID, coreType: 'vcore' }).catch(() => undefined);
        await navigate(buildPath('NewOrder'));
      }}
    />
  );
}
