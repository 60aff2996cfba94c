/**
 * /problems (claim menu-see-problems; issue 18): what an operator has to fix across every account —
 * servers the portal lost contact with, failed jobs, failed payments, unhealthy disks — one kind or
 * all, newest first, a page at a time, each with a link to where it is fixed.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { PROBLEM_KINDS, type ProblemKind } from '@portside/contract/schemas/staff';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useProblems } from '../api/get-problems';
import { ProblemsTable } from '../components/problems-table';
import { pageCount } from '../lib/staff-queries';

export default function ProblemsPage() {
  const { t } = useTranslation('staff');
  const [kind, setKind] = useState<ProblemKind | 'all'>('all');
  const [page, setPage] = useState(1);
  const problems = useProblems(kind, page);
  const rows = problems.data?.rows ?? [];
  const pages = pageCount(problems.data?.total ?? rows.length);

  useEffect(() => {
    if (page > pages && problems.data) setPage(pages);
  }, [page, pages, problems.data]);

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={t('problems.title')}
        subtitle={t('problems.subtitle')}
        actions={
          <Button
            variant="light"
            leftSection={<Icon name="refresh" size={16} />}
            loading={problems.isFetching}
            onClick={() => void problems.refetch()}
          >
            {t('refresh')}
          </Button>
        }
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={t('problems.filter')}
          data={[
            { value: 'all', label: t('problems.all') },
            ...PROBLEM_KINDS.map((k) => ({ value: k, label: t(`problems.kinds.${k}`) })),
          ]}
          value={kind}
          onChange={(v) => {
            setKind((v ?? 'all'));
            setPage(1);
          }}
          allowDeselect={false}
          w={300}
          maw="100%"
        />
        {problems.data && (
          <Text size="sm" role="status">
            {t('problems.count', { count: problems.data.total ?? rows.length })}
          </Text>
        )}
      </Group>
      <QueryState
        query={problems}
        loadingLabel={t('problems.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="check" title={t('problems.empty')} body={t('problems.empty_body')} />}
      >
        <ProblemsTable rows={rows} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('problems.pages')} />
        </Group>
      </QueryState>
    </Stack>
  );
}
