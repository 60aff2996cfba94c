/**
 * Adding an ISO image: from a URL (a job downloads it; its progress shows in the list) or as a file
 * from this computer (the upload's progress shows here and can be cancelled). Both take an optional
 * name; the contract's checks run before anything is sent.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, FileInput, Group, Paper, Progress, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useUploadIsoFile, useUploadIsoUrl } from '../api/upload-iso';
import { isoNameProblem, isoUrlProblem, percentOf } from '../lib/iso-form';

export function UploadIsoPanel() {
  const { t } = useTranslation('iso');
  return (
    <Paper withBorder radius="md" p="md">
      <Tabs defaultValue="url" keepMounted={false}>
        <Tabs.List aria-label={t('upload.label')}>
          <Tabs.Tab value="url" leftSection={<Icon name="globe" size={14} />}>
            {t('upload.by_url')}
          </Tabs.Tab>
          <Tabs.Tab value="file" leftSection={<Icon name="upload" size={14} />}>
            {t('upload.by_file')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="url" pt="md">
          <UrlForm />
        </Tabs.Panel>
        <Tabs.Panel value="file" pt="md">
          <FileForm />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

function NameInput({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation('iso');
  return (
    <TextInput
      label={t('upload.name_label')}
      description={t('upload.name_hint')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      style={{ flex: '1 1 220px' }}
    />
  );
}

function UrlForm() {
  const { t } = useTranslation(['iso', 'validation']);
  const upload = useUploadIsoUrl();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const urlProblem = isoUrlProblem(url);
  const nameProblem = isoNameProblem(name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (urlProblem || nameProblem) return;
    upload.mutate(
      { p_url: url.trim(), ...(name.trim() ? { p_name: name.trim() } : {}) },
      {
        onSuccess: (row) => {
          notifySuccess(t('upload.url_started', { name: row.file_name }));
          setUrl('');
          setName('');
          setTouched(false);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('upload.url_label')}
            placeholder="https://example.com/image.iso"
            value={url}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              upload.reset();
            }}
            error={touched && urlProblem ? t(`validation:${urlProblem}`) : undefined}
            required
            type="url"
            style={{ flex: '2 1 280px' }}
          />
          <NameInput
            value={name}
            onChange={setName}
            error={touched && nameProblem ? t(`validation:${nameProblem}`) : undefined}
          />
        </Group>
        <ErrorAlert error={upload.error} />
        <Group>
          <Button type="submit" loading={upload.isPending} leftSection={<Icon name="download" size={16} />}>
            {t('upload.url_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FileForm() {
  const { t } = useTranslation(['iso', 'validation']);
  const upload = useUploadIsoFile();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [share, setShare] = useState(0);
  const [touched, setTouched] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const nameProblem = isoNameProblem(name) ?? (name.trim() === '' && file ? isoNameProblem(file.name) : null);
  const fileProblem = file ? null : t('upload.file_missing');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!file || nameProblem) return;
    const controller = new AbortController();
    abort.current = controller;
    setShare(0);
    upload.mutate(
      { file, ...(name.trim() ? { name: name.trim() } : {}), onProgress: setShare, signal: controller.signal },
      {
        onSuccess: (row) => {
          notifySuccess(t('upload.file_done', { name: row.file_name }));
          setFile(null);
          setName('');
          setTouched(false);
        },
        onSettled: () => {
          abort.current = null;
        },
      },
    );
  };
  const cancelled = upload.error instanceof DOMException && upload.error.name === 'AbortError';
  const percent = percentOf(share);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <FileInput
            label={t('upload.file_label')}
            placeholder={t('upload.file_placeholder')}
            accept=".iso,application/x-iso9660-image"
            value={file}
            onChange={(f) => {
              setFile(f);
              upload.reset();
            }}
            error={
              touched ? (fileProblem ?? (nameProblem && !name.trim() ? t(`validation:${nameProblem}`) : undefined)) : undefined
            }
            clearable
            required
            disabled={upload.isPending}
            style={{ flex: '2 1 280px' }}
          />
          <NameInput
            value={name}
            onChange={setName}
            error={touched && name.trim() && nameProblem ? t(`validation:${nameProblem}`) : undefined}
          />
        </Group>
        {upload.isPending && (
          <Stack gap={4}>
            <Progress value={percent} aria-label={t('upload.progress_label', { name: file?.name ?? '' })} animated />
            <Text size="sm" role="status" aria-live="polite">
              {t('upload.progress', { percent })}
            </Text>
          </Stack>
        )}
        {cancelled ? <Text size="sm">{t('upload.cancelled')}</Text> : <ErrorAlert error={upload.error} />}
        <Group>
          <Button type="submit" loading={upload.isPending} leftSection={<Icon name="upload" size={16} />}>
            {t('upload.file_submit')}
          </Button>
          {upload.isPending && (
            <Button variant="default" onClick={() => abort.current?.abort()}>
              {t('upload.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
