/**
 * Quick add from 'My IPs' (spec 1 §4: one's own addresses, used to fill IP sets quickly): each of
 * the account's own addresses as a button that adds it to the list being typed. Addresses the set
 * holds, or the list names, already are marked so. Shown only to users who may see My IPs.
 */
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { MyIpRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { useMyIps } from '../api/get-my-ips';
import { canonicalEntry } from '../lib/ip-list-check';

/** Buttons shown before 'Show all'. */
const FIRST = 8;

export interface MyIpsQuickAddProps {
  /** Entries the set holds or the list names already (canonical). */
  taken: ReadonlySet<string>;
  onAdd: (address: string) => void;
}

export function MyIpsQuickAdd({ taken, onAdd }: MyIpsQuickAddProps) {
  const { t } = useTranslation('network');
  const mine = useMyIps();
  const [all, setAll] = useState(false);
  const rows: MyIpRow[] = mine.data ?? [];
  if (rows.length === 0) return null;
  const shown = all ? rows : rows.slice(0, FIRST);
  return (
    <Stack gap={4} component="section" aria-label={t('quick_add.label')}>
      <Text size="sm" fw={600}>
        {t('quick_add.label')}
      </Text>
      <Group gap={6} wrap="wrap">
        {shown.map((r) => {
          const has = taken.has(canonicalEntry(r.address));
          const label = r.comment ? `${r.address} (${r.comment})` : r.address;
          return (
            <Button
              key={r.id}
              size="compact-sm"
              variant={has ? 'default' : 'light'}
              disabled={has}
              leftSection={<Icon name={has ? 'check' : 'plus'} size={14} />}
              onClick={() => onAdd(r.address)}
              aria-label={has ? t('quick_add.taken', { address: label }) : t('quick_add.add', { address: label })}
              styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
              h="auto"
              py={4}
            >
              {label}
            </Button>
          );
        })}
      </Group>
      {rows.length > FIRST && (
        <Anchor component="button" type="button" size="sm" onClick={() => setAll(!all)}>
          {all ? t('quick_add.fewer') : t('quick_add.all', { count: rows.length })}
        </Anchor>
      )}
    </Stack>
  );
}
