/**
 * A firewall rule's source: an address or network typed (or picked from the account's own
 * addresses, MyIPs, when the user may see them), or one of the IP sets attached to the server
 * (ClientIpsetsVms), with a link to the set's page. Without menu-see-ipsets the IP set choice says
 * which permission it needs.
 */
import { Anchor, Button, Group, Loader, Menu, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { IpsetVmRow, MyIpRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';

export type SourceKind = 'address' | 'ipset';

export interface FirewallSourceFieldProps {
  /** The server's IP sets, or null without the claim to see IP sets. */
  ipsets: Pick<UseQueryResult<IpsetVmRow[]>, 'data' | 'isPending' | 'isError'> | null;
  /** The account's own addresses, or null without the claim to see them. */
  myIps: Pick<UseQueryResult<MyIpRow[]>, 'data' | 'isPending' | 'isError'> | null;
  kind: SourceKind;
  onKind: (kind: SourceKind) => void;
  /** The address field's bindings (useSchemaForm's bind). */
  source: {
    id: string;
    name: string;
    value: string;
    onChange: (e: { currentTarget: { value: string } }) => void;
    onBlur: () => void;
  };
  sourceError?: string;
  /** The chosen IP set's id as text ('' for none), and the saved rule's set name (shown should the set be gone). */
  ipset: string;
  ipsetName: string | null;
  ipsetId: string;
  onIpset: (id: string) => void;
  ipsetError?: string;
  onPickAddress: (address: string) => void;
}

export function FirewallSourceField(p: FirewallSourceFieldProps) {
  const { t } = useTranslation(['firewall', 'users']);
  const sets = p.ipsets?.data ?? [];
  const options = sets.map((s) => ({ value: String(s.ipset), label: s.ipset_name }));
  if (p.ipset !== '' && !options.some((o) => o.value === p.ipset))
    options.push({ value: p.ipset, label: p.ipsetName ?? `#${p.ipset}` });
  const chosen = options.find((o) => o.value === p.ipset);

  const chooseKind = (value: string) => {
    const kind = value === 'ipset' ? 'ipset' : 'address';
    p.onKind(kind);
    // The first attached set is taken at once: an IP set rule without a set would mean 'all'.
    if (kind === 'ipset' && p.ipset === '' && sets[0]) p.onIpset(String(sets[0].ipset));
  };

  return (
    <Stack gap="xs">
      <Radio.Group label={t('rule.fields.source_kind')} value={p.kind} onChange={chooseKind}>
        <Group gap="lg" mt={4}>
          <Radio value="address" label={t('rule.source_address')} />
          <Radio value="ipset" label={t('rule.source_ipset')} disabled={p.ipsets === null} />
        </Group>
      </Radio.Group>
      {p.ipsets === null && (
        <Text size="xs" c="dimmed">
          {t('rule.ipset_no_access', { permission: t('users:claims.menu-see-ipsets') })}
        </Text>
      )}
      {p.kind === 'address' ? (
        <Stack gap={4}>
          <TextInput
            {...p.source}
            label={t('rule.fields.source')}
            description={t('rule.source_hint')}
            placeholder={t('rule.all')}
            autoComplete="off"
            spellCheck={false}
            error={p.sourceError}
          />
          {p.myIps && (
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="subtle" size="compact-sm" leftSection={<Icon name="list" size={14} />} w="fit-content">
                  {t('rule.my_ips')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown maw={360}>
                {p.myIps.isPending ? (
                  <Group justify="center" p="xs">
                    <Loader size="sm" aria-label={t('rule.my_ips_loading')} />
                  </Group>
                ) : p.myIps.isError ? (
                  <Menu.Label>{t('rule.my_ips_failed')}</Menu.Label>
                ) : (p.myIps.data ?? []).length === 0 ? (
                  <Menu.Label>{t('rule.my_ips_none')}</Menu.Label>
                ) : (
                  (p.myIps.data ?? []).map((ip) => (
                    <Menu.Item key={ip.id} onClick={() => p.onPickAddress(ip.address)}>
                      <Text size="sm" ff="monospace">
                        {ip.address}
                      </Text>
                      {ip.comment && (
                        <Text size="xs" c="dimmed">
                          {ip.comment}
                        </Text>
                      )}
                    </Menu.Item>
                  ))
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Stack>
      ) : (
        <Stack gap={4}>
          <Select
            id={p.ipsetId}
            label={t('rule.fields.source_ipset')}
            placeholder={t('rule.ipset_placeholder')}
            data={options}
            value={p.ipset === '' ? null : p.ipset}
            onChange={(value) => p.onIpset(value ?? '')}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t('rule.ipset_nothing_found')}
            error={p.ipsetError}
            rightSection={p.ipsets?.isPending ? <Loader size="xs" aria-label={t('rule.ipsets_loading')} /> : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          {!p.ipsets?.isPending && sets.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('rule.ipset_none')}{' '}
              <Anchor component={Link} to={buildPath('ipsets')} size="sm">
                {t('rule.ipsets_link')}
              </Anchor>
            </Text>
          )}
          {chosen && (
            <Anchor component={Link} to={buildPath('ipsets-item', { ipset_from_url: chosen.value })} size="sm" w="fit-content">
              {t('rule.ipset_open', { name: chosen.label })}
            </Anchor>
          )}
        </Stack>
      )}
    </Stack>
  );
}
