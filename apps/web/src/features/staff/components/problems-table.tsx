/**
 * The problems: what kind, which server or payment of which account, the recorded error and since
 * when, with a link to where it is fixed. At 390 px the account, error and time move under the subject.
 */
import { Anchor, Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ProblemRow } from '@portside/contract/schemas/staff';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PROBLEM_COLOR, problemLink } from '../lib/problem-links';

export function ProblemsTable({ rows }: { rows: readonly ProblemRow[] }) {
  const { t } = useTranslation('staff');
  const formatDate = useDateFormat();
  const since = (r: ProblemRow) => (r.at ? formatDate(r.at) : t('problems.never'));
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('problems.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('problems.kind')}</Table.Th>
            <Table.Th>{t('problems.subject')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('problems.detail')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('problems.since')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const link = problemLink(r);
            const id = `problem-${r.kind}-${r.key.replace(/[^a-z0-9]/gi, '-')}`;
            return (
              <Table.Tr key={`${r.kind} ${r.key}`}>
                <Table.Td>
                  <Badge
                    color={PROBLEM_COLOR[r.kind]}
                    variant="light"
                    tt="none"
                    maw={160}
                    styles={{ root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
                  >
                    {t(`problems.kinds.${r.kind}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} id={id} style={{ overflowWrap: 'anywhere' }}>
                    {r.subject}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {r.client_name ?? t('problems.no_account')}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                    {r.detail ? `${r.detail} · ` : ''}
                    {since(r)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {r.detail ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {since(r)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {link && (
                    <Anchor component={Link} to={link} size="sm" aria-describedby={id} style={{ whiteSpace: 'nowrap' }}>
                      {t('problems.fix')}
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
