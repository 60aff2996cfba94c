/**
 * The reseller's files about a client (spec 1 §4 'Client file: name, type, category, created
 * date'): upload an image (FileUpload, category 'client', under 2 MB, checked by its bytes on the
 * server), list them ten a page, download one.
 */
import { useState } from 'react';
import { ActionIcon, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { RESELLER_PAGE_SIZE, type ResellerContract } from '@portside/contract/schemas/reseller';
import type { FileRow } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useDownloadClientFile } from '../api/download-client-file';
import { useClientFiles } from '../api/get-client-files';
import { useUploadClientFile } from '../api/upload-client-file';
import { pageOf } from '../lib/page-of';
import { ClientTab, clientLabel, type ClientTabProps } from './client-picker';

function FilesTable({ rows, label }: { rows: readonly FileRow[]; label: string }) {
  const { t } = useTranslation('reseller');
  const formatDate = useDateFormat();
  const download = useDownloadClientFile();
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={320}>
        <Table striped verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('files.name')}</Table.Th>
              <Table.Th visibleFrom="xs">{t('files.type')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('files.category')}</Table.Th>
              <Table.Th>{t('files.created')}</Table.Th>
              <Table.Th ta="right">{t('files.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((f) => (
              <Table.Tr key={f.file}>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {f.name}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="xs">{f.type}</Table.Td>
                <Table.Td visibleFrom="sm">{t(`files.category_${f.category}`)}</Table.Td>
                <Table.Td>{formatDate(f.created_at, { style: 'date' })}</Table.Td>
                <Table.Td ta="right">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('files.download', { name: f.name })}
                    loading={download.isPending && download.variables?.file === f.file}
                    onClick={() => download.mutate(f)}
                  >
                    <Icon name="download" size={18} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {download.error && <ErrorAlert error={download.error} />}
    </Stack>
  );
}

function ClientFiles({ contract }: { contract: ResellerContract }) {
  const { t } = useTranslation('reseller');
  const files = useClientFiles(contract.client);
  const upload = useUploadClientFile();
  const [file, setFile] = useState<File | null>(null);
  const [page, setPage] = useState(1);
  const rows = files.data ?? [];
  const shown = pageOf(rows, page, RESELLER_PAGE_SIZE);
  const name = clientLabel(contract);
  const send = () => {
    if (!file) return;
    upload.mutate(
      { client: contract.client, file },
      {
        onSuccess: (r) => {
          setFile(null);
          notifySuccess(t('files.success', { name: r.name }));
        },
      },
    );
  };
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <FileInput
          label={t('files.upload_label', { name })}
          description={t('files.hint')}
          placeholder={t('files.placeholder')}
          accept="image/jpeg,image/png,image/gif,image/bmp,image/webp"
          value={file}
          onChange={(f) => {
            setFile(f);
            upload.reset();
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('files.clear') }}
          miw={220}
          style={{ flex: 1 }}
        />
        <Button leftSection={<Icon name="upload" size={16} />} onClick={send} loading={upload.isPending} disabled={!file}>
          {t('files.upload')}
        </Button>
      </Group>
      {upload.error && <ErrorAlert error={upload.error} />}
      <QueryState
        query={files}
        loadingLabel={t('files.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="folder" title={t('files.empty.title')} body={t('files.empty.body')} />}
      >
        <FilesTable rows={shown.rows} label={t('files.label', { name })} />
        <Group justify="flex-end" mt="xs">
          <Pager page={shown.page} pages={shown.pages} onChange={setPage} label={t('files.page_label')} />
        </Group>
      </QueryState>
    </Stack>
  );
}

export function FilesTab(props: ClientTabProps) {
  const { t } = useTranslation('reseller');
  return (
    <ClientTab {...props} heading={t('files.heading')}>
      {(current) =>
        current ? (
          <ClientFiles key={current.client} contract={current} />
        ) : (
          <EmptyState icon="folder" title={t('client_select.choose_title')} body={t('files.choose')} />
        )
      }
    </ClientTab>
  );
}
