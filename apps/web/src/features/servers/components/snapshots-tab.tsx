/**
 * The Snapshots tab (spec 1 §3 Snapshot, §4 'Rules', §5): take a snapshot (a name — alphanumeric,
 * starting with a letter — and a note), the list oldest first, delete, and roll back (which deletes
 * every later snapshot: the confirmation names them). Without vm-settings-snapshot the tab says so.
 */
import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { VmSnapshotRow } from '@portside/contract/schemas/vm-data';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useClaim } from '../../../shared/session/use-claim';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useVmSnapshots } from '../api/get-vm-snapshots';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { SNAPSHOT_KINDS, snapshotNameOf } from '../lib/vm-data';
import { TabProgress } from './live-progress';
import { SnapshotCreateForm } from './snapshot-create-form';
import { SnapshotDialogs, type SnapshotDialog } from './snapshot-dialogs';
import { SnapshotsTable } from './snapshots-table';
import { TabNoAccess } from './tab-no-access';

export default function SnapshotsTab({ vm }: { vm: VmRow }) {
  const allowed = useClaim('vm-settings-snapshot');
  if (!allowed) return <TabNoAccess claim="vm-settings-snapshot" />;
  return <Snapshots vm={vm} />;
}

function Snapshots({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'common']);
  const snapshots = useVmSnapshots(vm.provisioned_id, vm.operation !== null);
  const [progress, clearProgress] = useTabProgress(vm, SNAPSHOT_KINDS);
  const [dialog, setDialog] = useState<SnapshotDialog | null>(null);
  const rows = snapshots.data ?? [];

  // The name comes from the message text without its 'success:' / 'rollback:' prefix (spec 1 §4).
  let doneText: string | undefined;
  if (progress?.phase === 'ok' && progress.kind === 'snapshot-create') {
    doneText = t('snapshots.live.created', { name: snapshotNameOf(progress.english) });
  } else if (progress?.phase === 'ok' && progress.kind === 'snapshot-rollback') {
    doneText = t('snapshots.live.rolled_back', { name: snapshotNameOf(progress.english) });
  }

  return (
    <Stack gap="md">
      <SnapshotCreateForm vm={vm} existing={rows.map((r) => r.name)} />
      <TabProgress vm={vm} progress={progress} doneText={doneText} onClose={clearProgress} />
      <QueryState
        query={snapshots}
        loadingLabel={t('snapshots.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="disc" title={t('snapshots.empty.title')} body={t('snapshots.empty.body')} />}
      >
        <SnapshotsTable vm={vm} rows={rows} onAction={(kind, snapshot: VmSnapshotRow) => setDialog({ kind, snapshot })} />
      </QueryState>
      <SnapshotDialogs vm={vm} rows={rows} dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
