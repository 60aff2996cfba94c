/**
 * The IPv4 and IPv6 columns of the server list, each switched on or off; the choice is kept in
 * local storage (spec 1 §3) so it survives a reload.
 */
import { useLocalStorage } from '@mantine/hooks';
import { LOCAL_KEYS } from '@portside/contract/constants';

export function useIpColumns() {
  const [showIpv4, setShowIpv4] = useLocalStorage<boolean>({
    key: LOCAL_KEYS.showIpv4,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const [showIpv6, setShowIpv6] = useLocalStorage<boolean>({
    key: LOCAL_KEYS.showIpv6,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  return { showIpv4, setShowIpv4, showIpv6, setShowIpv6 };
}
