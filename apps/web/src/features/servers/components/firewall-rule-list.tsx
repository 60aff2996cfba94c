/**
 * The firewall's rules in the order they are matched: a table on wide screens, one card per rule
 * on phones. Each rule can be moved up or down (buttons, so the keyboard can: the focus stays on
 * the moved rule and a polite live region says where it went), edited and removed from the draft.
 * Its badge says whether it is unsaved (the draft differs), waiting for the cluster, or not applied.
 */
import { useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import type { ApplyState, DraftRule } from '../lib/firewall-draft';

/** What a rule's badge says. */
export type RuleMark = 'unsaved' | 'pending' | 'failed' | null;

export interface FirewallRuleListProps {
  rules: readonly DraftRule[];
  /** The badge of each rule. */
  markOf: (rule: DraftRule) => RuleMark;
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: (rule: DraftRule) => void;
  onRemove: (rule: DraftRule) => void;
}

/** The badge of a saved rule from the batch's state. */
export function savedMark(state: ApplyState): RuleMark {
  return state === 'saving' ? 'pending' : state === 'failed' ? 'failed' : null;
}

const MARK_COLOURS = { unsaved: 'blue', pending: 'yellow', failed: 'red' } as const;

export function FirewallRuleList({ rules, markOf, disabled, onMove, onEdit, onRemove }: FirewallRuleListProps) {
  const { t } = useTranslation(['firewall', 'common']);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [announcement, setAnnouncement] = useState('');

  const move = (i: number, to: number, dir: 'up' | 'down') => {
    if (to < 0 || to >= rules.length) return;
    const rule = rules[i]!;
    onMove(i, to);
    setAnnouncement(t('list.moved', { from: i + 1, position: to + 1, count: rules.length }));
    // The button keeps the focus unless the rule reached the end it points to.
    const edge = dir === 'up' ? to === 0 : to === rules.length - 1;
    const target = edge ? (dir === 'up' ? 'down' : 'up') : dir;
    requestAnimationFrame(() => buttons.current.get(`${rule.key}-${target}`)?.focus());
  };

  const source = (r: DraftRule): ReactNode =>
    r.source_ipset !== null ? (
      <Anchor component={Link} to={buildPath('ipsets-item', { ipset_from_url: r.source_ipset })} size="sm">
        {t('list.ipset', { name: r.source_ipset_name ?? `#${r.source_ipset}` })}
      </Anchor>
    ) : r.source === '' ? (
      t('list.all')
    ) : (
      <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {r.source}
      </Text>
    );
  const port = (p: string) => (p === '' ? t('list.any') : p);
  const mark = (r: DraftRule) => {
    const m = markOf(r);
    return m ? (
      <Badge variant="light" color={MARK_COLOURS[m]} size="sm">
        {t(`list.marks.${m}`)}
      </Badge>
    ) : null;
  };
  const action = (r: DraftRule) => (
    <Badge variant="light" color={r.action === 'ACCEPT' ? 'green' : 'red'}>
      {t(`action.${r.action}`)}
    </Badge>
  );
  const controls = (r: DraftRule, i: number) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        ref={(el: HTMLButtonElement | null) => {
          buttons.current.set(`${r.key}-up`, el);
        }}
        variant="default"
        size="lg"
        aria-label={t('list.move_up', { position: i + 1 })}
        disabled={disabled || i === 0}
        onClick={() => move(i, i - 1, 'up')}
      >
        <Icon name="chevron-up" size={18} />
      </ActionIcon>
      <ActionIcon
        ref={(el: HTMLButtonElement | null) => {
          buttons.current.set(`${r.key}-down`, el);
        }}
        variant="default"
        size="lg"
        aria-label={t('list.move_down', { position: i + 1 })}
        disabled={disabled || i === rules.length - 1}
        onClick={() => move(i, i + 1, 'down')}
      >
        <Icon name="chevron-down" size={18} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('list.edit', { position: i + 1 })}
        disabled={disabled}
        onClick={() => onEdit(r)}
      >
        <Icon name="edit" size={16} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        color="red"
        size="lg"
        aria-label={t('list.remove', { position: i + 1 })}
        disabled={disabled}
        onClick={() => onRemove(r)}
      >
        <Icon name="trash" size={16} />
      </ActionIcon>
    </Group>
  );

  const live = (
    <VisuallyHidden role="status" aria-live="polite">
      {announcement}
    </VisuallyHidden>
  );

  if (phone) {
    return (
      <>
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('list.label')}>
          {rules.map((r, i) => (
            <Paper component="li" key={r.key} withBorder radius="md" p="sm" data-testid="firewall-rule">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="outline" color="gray" circle size="lg">
                      <VisuallyHidden>{t('list.position')} </VisuallyHidden>
                      {i + 1}
                    </Badge>
                    {action(r)}
                    <Text size="sm" fw={600}>
                      {t(`proto.${r.proto}`)}
                    </Text>
                  </Group>
                  {mark(r)}
                </Group>
                <Text size="sm">
                  {t('list.from')} {source(r)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('list.ports', { sport: port(r.sport), dport: port(r.dport) })}
                </Text>
                {r.comment && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {r.comment}
                  </Text>
                )}
                {controls(r, i)}
              </Stack>
            </Paper>
          ))}
        </Stack>
        {live}
      </>
    );
  }

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" aria-label={t('list.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>{t('list.columns.position')}</Table.Th>
              <Table.Th>{t('list.columns.action')}</Table.Th>
              <Table.Th>{t('list.columns.source')}</Table.Th>
              <Table.Th>{t('list.columns.proto')}</Table.Th>
              <Table.Th>{t('list.columns.sport')}</Table.Th>
              <Table.Th>{t('list.columns.dport')}</Table.Th>
              <Table.Th>{t('list.columns.comment')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((r, i) => (
              <Table.Tr key={r.key} data-testid="firewall-rule">
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    {action(r)}
                    {mark(r)}
                  </Stack>
                </Table.Td>
                <Table.Td>{source(r)}</Table.Td>
                <Table.Td>{t(`proto.${r.proto}`)}</Table.Td>
                <Table.Td>{port(r.sport)}</Table.Td>
                <Table.Td>{port(r.dport)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 240 }}>{r.comment}</Table.Td>
                <Table.Td>{controls(r, i)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {live}
    </>
  );
}
