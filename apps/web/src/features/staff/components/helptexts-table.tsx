/**
 * The help texts by label: the label, the page it shows on (a link), when it was last saved and the
 * start of its text, with Edit. At 390 px the page and date move under the label.
 */
import { Anchor, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { HelptextRow } from '@portside/contract/schemas/support';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { pagePathOf } from '../lib/helptext-labels';

/** The first characters of the text the HTML shows (parsed inertly, nothing runs or loads). */
function plainStart(html: string, max = 120): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function HelptextsTable({ rows, onEdit }: { rows: readonly HelptextRow[]; onEdit: (row: HelptextRow) => void }) {
  const { t } = useTranslation('staff');
  const formatDate = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('helptexts.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('helptexts.label')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('helptexts.page')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('helptexts.updated')}</Table.Th>
            <Table.Th visibleFrom="md">{t('helptexts.text')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const path = pagePathOf(r.label);
            return (
              <Table.Tr key={r.label}>
                <Table.Td>
                  <Text size="sm" ff="monospace" id={`helptext-${r.label}`} style={{ overflowWrap: 'anywhere' }}>
                    {r.label}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {formatDate(r.updated_at)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {path ? (
                    <Anchor component={Link} to={path} size="sm">
                      {path}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('helptexts.no_page')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" component="time" dateTime={r.updated_at} style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(r.updated_at)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {plainStart(r.html)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" variant="light" onClick={() => onEdit(r)} aria-describedby={`helptext-${r.label}`}>
                    {t('helptexts.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
