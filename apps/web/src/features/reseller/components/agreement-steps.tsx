/**
 * Joining the programme (issue 17): generate the agreement, download and sign it, upload the
 * signed copy, then wait for staff approval. Each step says whether it is done, next or later;
 * the calls go to the service host (hash-signed, the owner's alone). Generating again after an
 * upload asks first, as it replaces the uploaded copy.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AgreementStatus, MyReseller } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSession } from '../../../shared/session/store';
import { useDownloadAgreement } from '../api/download-agreement';
import { useGenerateAgreement } from '../api/generate-agreement';
import { useSubmitAgreement } from '../api/submit-agreement';
import { checkAgreementFile } from '../lib/agreement-file';

type StepState = 'done' | 'current' | 'waiting' | 'review';
const ORDER: readonly AgreementStatus[] = ['none', 'generated', 'submitted', 'approved'];
const COLOR: Record<StepState, string> = { done: 'green', current: 'blue', waiting: 'gray', review: 'yellow' };

/** A step's state from the agreement's status: done once the status is past `doneAt`. */
function stepState(status: AgreementStatus, doneAt: AgreementStatus, currentAt: readonly AgreementStatus[]): StepState {
  if (ORDER.indexOf(status) >= ORDER.indexOf(doneAt)) return 'done';
  return currentAt.includes(status) ? 'current' : 'waiting';
}

function Step(p: { n: number; title: string; state: StepState; children: ReactNode }) {
  const { t } = useTranslation('reseller');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      style={{ listStyle: 'none' }}
      aria-current={p.state === 'current' ? 'step' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="h5">
            {p.n}. {p.title}
          </Title>
          <Badge color={COLOR[p.state]} variant="light">
            {t(`agreement.status.${p.state}`)}
          </Badge>
        </Group>
        {p.children}
      </Stack>
    </Paper>
  );
}

export function AgreementSteps({ reseller }: { reseller: MyReseller | null }) {
  const { t } = useTranslation(['reseller', 'common']);
  const formatDate = useDateFormat();
  const isOwner = useSession('customerDetails')?.is_owner ?? false;
  const status = reseller?.agreement_status ?? 'none';
  const generate = useGenerateAgreement();
  const download = useDownloadAgreement();
  const submit = useSubmitAgreement();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const doGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess(t('reseller:agreement.generate.success'));
      },
    });
  const onGenerate = () => (status === 'submitted' ? setConfirming(true) : doGenerate());
  const onUpload = async () => {
    if (!file) return;
    const problem = await checkAgreementFile(file);
    setFileProblem(problem ? t('reseller:agreement.upload.invalid') : null);
    if (problem) return;
    submit.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notifySuccess(t('reseller:agreement.upload.success'));
      },
    });
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('reseller:agreement.heading')}
      </Title>
      {!isOwner && (
        <Alert color="gray" variant="light" icon={<Icon name="info" size={18} />}>
          {t('reseller:agreement.owner_only')}
        </Alert>
      )}
      <Stack gap="sm" component="ol" p={0} m={0} aria-label={t('reseller:agreement.heading')}>
        <Step n={1} title={t('reseller:agreement.generate.title')} state={stepState(status, 'generated', ['none'])}>
          <Text size="sm">{t('reseller:agreement.generate.body')}</Text>
          {reseller?.generated_at && status !== 'none' && (
            <Text size="sm" c="dimmed">
              {t('reseller:agreement.generate.done', { date: formatDate(reseller.generated_at) })}
            </Text>
          )}
          <Group>
            <Button
              variant={status === 'none' ? 'filled' : 'default'}
              leftSection={<Icon name="logs" size={16} />}
              onClick={onGenerate}
              loading={generate.isPending}
              disabled={!isOwner}
            >
              {status === 'none' ? t('reseller:agreement.generate.action') : t('reseller:agreement.generate.again')}
            </Button>
          </Group>
          {generate.error && !confirming && <ErrorAlert error={generate.error} />}
        </Step>

        <Step n={2} title={t('reseller:agreement.download.title')} state={stepState(status, 'submitted', ['generated'])}>
          <Text size="sm">{t('reseller:agreement.download.body')}</Text>
          <Group>
            <Button
              variant={status === 'generated' ? 'filled' : 'default'}
              leftSection={<Icon name="download" size={16} />}
              onClick={() => download.mutate()}
              loading={download.isPending}
              disabled={!isOwner || status === 'none'}
            >
              {t('reseller:agreement.download.action')}
            </Button>
          </Group>
          {download.error && <ErrorAlert error={download.error} />}
        </Step>

        <Step n={3} title={t('reseller:agreement.upload.title')} state={stepState(status, 'submitted', ['generated'])}>
          <Text size="sm">{t('reseller:agreement.upload.body')}</Text>
          {reseller?.signed_name && reseller.submitted_at && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('reseller:agreement.upload.done', { name: reseller.signed_name, date: formatDate(reseller.submitted_at) })}
            </Text>
          )}
          <Group align="flex-end" wrap="wrap" gap="sm">
            <FileInput
              label={t('reseller:agreement.upload.label')}
              placeholder={t('reseller:agreement.upload.placeholder')}
              accept="application/pdf,image/jpeg,image/png"
              value={file}
              onChange={(f) => {
                setFile(f);
                setFileProblem(null);
                submit.reset();
              }}
              clearable
              clearButtonProps={{ 'aria-label': t('reseller:agreement.upload.clear') }}
              disabled={!isOwner || status === 'none'}
              error={fileProblem}
              miw={220}
              style={{ flex: 1 }}
            />
            <Button
              leftSection={<Icon name="upload" size={16} />}
              onClick={() => void onUpload()}
              loading={submit.isPending}
              disabled={!file}
            >
              {t('reseller:agreement.upload.action')}
            </Button>
          </Group>
          {submit.error && <ErrorAlert error={submit.error} />}
        </Step>

        <Step
          n={4}
          title={t('reseller:agreement.approval.title')}
          state={status === 'submitted' ? 'review' : stepState(status, 'approved', [])}
        >
          <Text size="sm">
            {status === 'submitted' ? t('reseller:agreement.approval.waiting') : t('reseller:agreement.approval.body')}
          </Text>
        </Step>
      </Stack>

      <ConfirmDialog
        opened={confirming}
        title={t('reseller:agreement.regenerate_title')}
        confirmLabel={t('reseller:agreement.regenerate_confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={doGenerate}
        onClose={() => {
          generate.reset();
          setConfirming(false);
        }}
        loading={generate.isPending}
        error={generate.error ? <ErrorAlert error={generate.error} /> : null}
      >
        <Text size="sm">{t('reseller:agreement.regenerate_body')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
