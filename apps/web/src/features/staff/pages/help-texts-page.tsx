/**
 * /help-texts (role staff; issue 18): the help texts by label, searchable and a page at a time;
 * Edit opens the HTML with a live preview, 'New help text' writes one for a label that has none
 * (usually a page's route name, where the portal shows it). Saved through PATCH Helptexts, which
 * sanitises on the server; customers see it where the portal reads that label.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@portside/contract/constants';
import type { HelptextRow } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useHelptexts } from '../api/get-helptexts';
import { useSaveHelptext } from '../api/save-helptext';
import { HelptextEditor } from '../components/helptext-editor';
import { HelptextsTable } from '../components/helptexts-table';
import { StaffGate } from '../components/staff-gate';
import { pageCount, searchPattern } from '../lib/staff-queries';

export default function HelpTextsPage() {
  const { t } = useTranslation('staff');
  return (
    <StaffGate title={t('helptexts.title')}>
      <HelpTexts />
    </StaffGate>
  );
}

function HelpTexts() {
  const { t } = useTranslation('staff');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);
  const texts = useHelptexts(debounced, page);
  const rows = texts.data?.rows ?? [];
  const pages = pageCount(texts.data?.total ?? rows.length);
  const save = useSaveHelptext();
  // The text of the editor stays set while it closes, so its title does not change mid-fade.
  const [editing, setEditing] = useState<HelptextRow | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (page > pages && texts.data) setPage(pages);
  }, [page, pages, texts.data]);

  const openEditor = (row: HelptextRow | null) => {
    save.reset();
    setEditing(row);
    setOpen(true);
  };
  const onSave = (label: string, html: string) =>
    save.mutate(
      { label, html },
      {
        onSuccess: () => {
          setOpen(false);
          notifySuccess(t(html === '' ? 'helptexts.removed' : 'helptexts.saved', { label }));
        },
      },
    );

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={t('helptexts.title')}
        subtitle={t('helptexts.subtitle')}
        actions={
          <Button leftSection={<Icon name="plus" size={16} />} onClick={() => openEditor(null)}>
            {t('helptexts.new')}
          </Button>
        }
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('helptexts.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
          maw="100%"
          leftSection={<Icon name="search" size={16} />}
        />
        {texts.data && (
          <Text size="sm" role="status">
            {t('helptexts.count', { count: texts.data.total ?? rows.length })}
          </Text>
        )}
      </Group>
      <QueryState
        query={texts}
        loadingLabel={t('helptexts.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon="info"
            title={searchPattern(debounced) ? t('helptexts.empty_search') : t('helptexts.empty')}
            body={t('helptexts.empty_body')}
          />
        }
      >
        <HelptextsTable rows={rows} onEdit={openEditor} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('helptexts.pages')} />
        </Group>
      </QueryState>
      <HelptextEditor
        opened={open}
        initial={editing}
        saving={save.isPending}
        error={save.error}
        onSave={onSave}
        onClose={() => setOpen(false)}
      />
    </Stack>
  );
}
