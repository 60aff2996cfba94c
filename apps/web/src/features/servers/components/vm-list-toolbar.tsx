/** Above the server list: the search box and the IPv4 / IPv6 column switches. */
import { Group, Switch, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';

export interface VmListToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  showIpv4: boolean;
  onShowIpv4: (value: boolean) => void;
  showIpv6: boolean;
  onShowIpv6: (value: boolean) => void;
}

export function VmListToolbar(p: VmListToolbarProps) {
  const { t } = useTranslation('servers');
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <TextInput
        type="search"
        label={t('list.search_label')}
        placeholder={t('list.search_placeholder')}
        value={p.search}
        onChange={(e) => p.onSearch(e.currentTarget.value)}
        leftSection={<Icon name="search" size={16} />}
        w={{ base: '100%', sm: 320 }}
      />
      <Group gap="md">
        <Switch label={t('list.show_ipv4')} checked={p.showIpv4} onChange={(e) => p.onShowIpv4(e.currentTarget.checked)} />
        <Switch label={t('list.show_ipv6')} checked={p.showIpv6} onChange={(e) => p.onShowIpv6(e.currentTarget.checked)} />
      </Group>
    </Group>
  );
}
