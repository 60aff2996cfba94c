/**
 * Pieces of the three infrastructure tables: the table with its header row (the same seven
 * columns), the row's first cells (name, driver, location), a cell, and a state line.
 */
import type { ReactNode } from 'react';
import { Group, Table, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { driverLabel } from '../lib/drivers';
import { Icon } from '../../../shared/ui/icons';

const COLUMNS = ['name', 'driver', 'location', 'address', 'state', 'attached', 'test'] as const;

export function HeadRow() {
  const { t } = useTranslation('infra');
  return (
    <Table.Tr>
      {COLUMNS.map((c) => (
        <Table.Th key={c} scope="col">
          {t(`columns.${c}`)}
        </Table.Th>
      ))}
    </Table.Tr>
  );
}

/** The table of one tab: its name, the header row and the caller's rows. */
export function InfraTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table striped verticalSpacing="xs" miw={860} aria-label={label}>
      <Table.Thead>
        <HeadRow />
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** A row's first three cells: its name (the row's header), driver and location. */
export function LeadCells({ name, driver, location }: { name: string; driver: string; location: string | null }) {
  const { t } = useTranslation('infra');
  return (
    <>
      <Table.Th scope="row" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
        {name}
      </Table.Th>
      <Cell>
        <Text size="sm">{driverLabel(t, driver)}</Text>
      </Cell>
      <Cell>{location ?? '—'}</Cell>
    </>
  );
}

export function Cell({ children }: { children: ReactNode }) {
  return <Table.Td style={{ verticalAlign: 'top' }}>{children}</Table.Td>;
}

/** A state in words, with a mark that is not colour alone: a tick when fine, an alert when not, none when unknown. */
export function StateText({ ok, text }: { ok: boolean | null; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {ok !== null && (
        <ThemeIcon size="sm" variant="light" color={ok ? 'green' : 'red'} aria-hidden>
          <Icon name={ok ? 'check' : 'alert'} size={12} />
        </ThemeIcon>
      )}
      <Text size="sm" maw={260}>
        {text}
      </Text>
    </Group>
  );
}
