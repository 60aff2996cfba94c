/**
 * The SSH keys of the account (/my-ssh) or of one project (its page): a toolbar to upload keys and
 * to copy or delete the selected ones, the table 20 keys a page, and empty and loading states.
 */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { SshKeyRow } from '@portside/contract/schemas/ssh-keys';
import { Icon } from '../../../shared/ui/icons';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { Pager } from '../../../shared/ui/pager';
import { SSH_KEYS_PAGE_SIZE, useSshKeys } from '../api/get-ssh-keys';
import { CopyKeysDialog } from './copy-keys-dialog';
import { DeleteKeysDialog } from './delete-keys-dialog';
import { SshKeysTable } from './ssh-keys-table';
import { UploadKeysDialog } from './upload-keys-dialog';

export interface SshKeysPanelProps {
  /** Only this project's keys; uploads go there. */
  project?: { project: number; name: string };
  /** A heading for the panel (on a project's page); the /my-ssh page has its own h1. */
  title?: string;
}

export function SshKeysPanel({ project, title }: SshKeysPanelProps) {
  const { t } = useTranslation(['ssh_keys', 'errors', 'validation']);
  const [page, setPage] = useState(1);
  const keys = useSshKeys(page - 1, project?.project ?? null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [uploading, setUploading] = useState(false);
  const [toDelete, setToDelete] = useState<SshKeyRow[]>([]);
  const [toCopy, setToCopy] = useState<number[]>([]);
  const rows = keys.data?.rows ?? [];
  const total = keys.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SSH_KEYS_PAGE_SIZE));
  const chosen = rows.filter((r) => selected.has(r.id));

  const goTo = (n: number) => {
    setSelected(new Set());
    setPage(n);
  };
  const afterDelete = () => {
    setSelected(new Set());
    if (rows.length === toDelete.length && page > 1) setPage(page - 1);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-label={title ?? t('table.label')}
      aria-busy={keys.isFetching}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          {title ? (
            <Title order={2} fz="h4">
              {title}
            </Title>
          ) : (
            <span />
          )}
          <Group gap="xs" wrap="wrap">
            {chosen.length > 0 && (
              <>
                <Text size="sm" c="dimmed" role="status">
                  {t('table.selected', { count: chosen.length })}
                </Text>
                <Button
                  variant="light"
                  size="sm"
                  leftSection={<Icon name="copy" size={16} />}
                  onClick={() => setToCopy(chosen.map((k) => k.id))}
                >
                  {t('copy.button')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  size="sm"
                  leftSection={<Icon name="trash" size={16} />}
                  onClick={() => setToDelete(chosen)}
                >
                  {t('delete.selected_button')}
                </Button>
              </>
            )}
            <Button size="sm" leftSection={<Icon name="upload" size={16} />} onClick={() => setUploading(true)}>
              {t('upload.button')}
            </Button>
          </Group>
        </Group>

        <QueryState
          query={keys}
          loadingLabel={t('loading')}
          isEmpty={() => rows.length === 0}
          empty={
            <EmptyState
              icon="key"
              title={t('empty.title')}
              body={project ? t('empty.project_body') : t('empty.body')}
              action={
                <Button variant="light" onClick={() => setUploading(true)}>
                  {t('upload.button')}
                </Button>
              }
            />
          }
        >
          <SshKeysTable
            rows={rows}
            selected={selected}
            onSelect={setSelected}
            onDelete={(k) => setToDelete([k])}
            hideProject={!!project}
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {t('table.summary', { count: total })}
            </Text>
            <Pager page={page} pages={pages} onChange={goTo} label={t('table.page_label')} />
          </Group>
        </QueryState>
      </Stack>
      <UploadKeysDialog opened={uploading} onClose={() => setUploading(false)} fixedProject={project} />
      <DeleteKeysDialog keys={toDelete} onClose={() => setToDelete([])} onDeleted={afterDelete} />
      <CopyKeysDialog
        ids={toCopy}
        fromProject={project?.project}
        onClose={() => setToCopy([])}
        onCopied={() => setSelected(new Set())}
      />
    </Paper>
  );
}
