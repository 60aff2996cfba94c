/**
 * SSH keys of one page: selection, name (inline rename), type, bits, fingerprint (with a button
 * copying the public key), project, date added, and a delete button per key. Phones show the
 * fingerprint and size under the name, beside the selection and the delete button.
 */
import { ActionIcon, Anchor, Checkbox, CopyButton, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { shortKeyType } from '@portside/contract/rules/ssh-key';
import { buildPath } from '@portside/contract/routes';
import type { SshKeyRow } from '@portside/contract/schemas/ssh-keys';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { Icon } from '../../../shared/ui/icons';
import { RowRemoveButton } from '../../../shared/ui/row-remove-button';
import { KeyNameEditor } from './key-name-editor';

export interface SshKeysTableProps {
  rows: readonly SshKeyRow[];
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  onDelete: (key: SshKeyRow) => void;
  /** Hide the project column (the table shows one project's keys). */
  hideProject?: boolean;
}

/** The fingerprint, and a button copying the whole public key line. */
function Fingerprint({ sshKey: k }: { sshKey: SshKeyRow }) {
  const { t } = useTranslation('ssh_keys');
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }}>
        {k.fingerprint}
      </Text>
      <CopyButton value={k.public_key}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copy_key.copied') : t('copy_key.button', { name: k.name })} withArrow>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={t('copy_key.button', { name: k.name })}>
              <Icon name={copied ? 'check' : 'copy'} size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export function SshKeysTable({ rows, selected, onSelect, onDelete, hideProject }: SshKeysTableProps) {
  const { t } = useTranslation('ssh_keys');
  const formatDate = useDateFormat();
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const some = rows.some((r) => selected.has(r.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('table.select_all')}
                checked={all}
                indeterminate={some && !all}
                onChange={() => onSelect(all ? new Set() : new Set(rows.map((r) => r.id)))}
              />
            </Table.Th>
            <Table.Th>{t('table.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('table.type')}</Table.Th>
            <Table.Th visibleFrom="sm" ta="right">
              {t('table.bits')}
            </Table.Th>
            <Table.Th visibleFrom="sm">{t('table.fingerprint')}</Table.Th>
            {!hideProject && <Table.Th visibleFrom="md">{t('table.project')}</Table.Th>}
            <Table.Th visibleFrom="md">{t('table.created')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((k) => (
            <Table.Tr key={k.id} bg={selected.has(k.id) ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                <Checkbox
                  aria-label={t('table.select', { name: k.name })}
                  checked={selected.has(k.id)}
                  onChange={() => toggle(k.id)}
                />
              </Table.Td>
              <Table.Td>
                <KeyNameEditor sshKey={k} />
                {k.comment && k.comment !== k.name && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {k.comment}
                  </Text>
                )}
                {/* Phones show the fingerprint and the key size under the name instead of in columns. */}
                <Stack gap={2} mt={4} hiddenFrom="sm">
                  <Text size="xs" c="dimmed">
                    {shortKeyType(k.key_type)} · {k.bits}
                  </Text>
                  <Fingerprint sshKey={k} />
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">{shortKeyType(k.key_type)}</Table.Td>
              <Table.Td visibleFrom="sm" ta="right">
                {k.bits}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Fingerprint sshKey={k} />
              </Table.Td>
              {!hideProject && (
                <Table.Td visibleFrom="md">
                  <Anchor component={Link} to={buildPath('project-details', { project: k.project })} size="sm">
                    {k.project_name}
                  </Anchor>
                </Table.Td>
              )}
              <Table.Td visibleFrom="md">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(k.created_at, { style: 'date' })}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowRemoveButton label={t('delete.one_button', { name: k.name })} onClick={() => onDelete(k)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
