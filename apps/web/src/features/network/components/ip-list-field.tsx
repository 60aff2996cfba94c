/**
 * The text area IPs are pasted into (spec 1 §5: comma separated; line breaks and spaces work too),
 * with what the list would do said under it as the user types: which entries are no address or
 * CIDR block, how many repeats are removed, how many the set holds already, and how many the set
 * will hold. Nothing is sent while an entry is invalid or the set would pass 1000 IPs.
 */
import { List, Stack, Text, Textarea } from '@mantine/core';
import { LIMITS } from '@portside/contract/constants';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { IpListCheck } from '../lib/ip-list-check';

/** Invalid entries listed by name; the rest are counted. */
const SHOWN_INVALID = 12;

export interface IpListFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The check of the (deferred) value. */
  check: IpListCheck;
  /** Show the list's problem as the field's error (after an attempt to send, or once typed in). */
  showProblem: boolean;
  label: string;
  /** The set's size now (adding to a set), or null for a new set. */
  inSet: number | null;
  /** The server's refusal of the list (IPSET_FULL, a field message), shown on the field. */
  serverError?: string | null;
  autoFocus?: boolean;
}

export function IpListField(p: IpListFieldProps) {
  const { t } = useTranslation(['network', 'validation']);
  const c = p.check;
  const problem = p.showProblem && c.problem ? t(`validation:${c.problem}`) : null;
  const error = p.serverError ?? problem;
  const statusId = `${p.id}-status`;
  const typed = p.value.trim() !== '';
  return (
    <Stack gap={6}>
      <Textarea
        id={p.id}
        label={p.label}
        description={t('network:ip_list.description', { max: LIMITS.ipsPerSet })}
        placeholder="203.0.113.7, 198.51.100.0/24, 2001:db8::/48"
        value={p.value}
        onChange={(e) => p.onChange(e.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={10}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        error={error ?? undefined}
        aria-describedby={typed ? statusId : undefined}
        data-autofocus={p.autoFocus || undefined}
      />
      {typed && (
        <Stack gap={2} id={statusId} role="status" aria-live="polite" data-testid="ip-list-status">
          {c.invalid.length > 0 && (
            <>
              <Text size="sm" c="red" fw={600}>
                {t('network:ip_list.invalid', { count: c.invalid.length })}
              </Text>
              <List size="sm" spacing={0} styles={{ itemLabel: { overflowWrap: 'anywhere' } }}>
                {c.invalid.slice(0, SHOWN_INVALID).map((entry, i) => (
                  <List.Item key={`${i}-${entry}`}>
                    <Text span ff="monospace" size="sm">
                      {entry}
                    </Text>
                  </List.Item>
                ))}
              </List>
              {c.invalid.length > SHOWN_INVALID && (
                <Text size="sm">{t('network:ip_list.more_invalid', { count: c.invalid.length - SHOWN_INVALID })}</Text>
              )}
            </>
          )}
          {c.duplicates > 0 && <Text size="sm">{t('network:ip_list.duplicates', { count: c.duplicates })}</Text>}
          {c.existing > 0 && <Text size="sm">{t('network:ip_list.existing', { count: c.existing })}</Text>}
          {c.invalid.length === 0 && (
            <Text size="sm" c={c.problem === 'ipset_full' ? 'red' : 'dimmed'}>
              {p.inSet === null
                ? t('network:ip_list.ready_new', { count: c.fresh.length, max: LIMITS.ipsPerSet })
                : t('network:ip_list.ready_add', { count: c.fresh.length, total: c.total, max: LIMITS.ipsPerSet })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
