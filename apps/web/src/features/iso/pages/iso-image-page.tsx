/**
 * /iso-image — the account's custom ISO images (spec 1 §2 'Custom ISO', §3 ISO template): add one
 * by URL or as a file, the list with each image's state and progress (20 a page), download and
 * delete. The route is behind menu-see-custom-iso (route-pages gates it); live download and delete
 * messages and a 2-second refetch while one downloads keep it current.
 */
import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { IsoRow } from '@portside/contract/schemas/vm-data';
import { useMyIso } from '../../../shared/api/get-my-iso';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { DeleteIsoDialog } from '../components/delete-iso-dialog';
import { IsoTable } from '../components/iso-table';
import { UploadIsoPanel } from '../components/upload-iso-panel';
import { useIsoLiveUpdates } from '../lib/use-iso-live-updates';

/** Images per page of the list. */
export const ISO_PAGE_SIZE = 20;

export default function IsoImagePage() {
  const { t } = useTranslation('iso');
  const isos = useMyIso();
  useIsoLiveUpdates(true);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<IsoRow | null>(null);
  const rows = isos.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / ISO_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * ISO_PAGE_SIZE, current * ISO_PAGE_SIZE);

  return (
    <Stack gap="md" maw={1200} miw={0}>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <UploadIsoPanel />
      <QueryState
        query={isos}
        loadingLabel={t('page.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="disc" title={t('page.empty_title')} body={t('page.empty_body')} />}
      >
        <IsoTable rows={shown} onDelete={setDeleting} />
        <Pager page={current} pages={pages} onChange={setPage} label={t('page.pages_label')} />
      </QueryState>
      <DeleteIsoDialog iso={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
