/**
 * The owner's form: the type of photo ID, the two uploaders (photo ID and selfie) and the submit.
 * Shown before the first submit and after a rejection.
 */
import { useState } from 'react';
import { Alert, Button, Card, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { DOCUMENT_TYPES, type DocumentType, type MyVerification } from '@portside/contract/schemas/verification';
import { errorHtml } from '../../../shared/api/client';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSubmitVerification } from '../api/submit-verification';
import { ImageUploader } from './image-uploader';

export function VerificationForm({ verification }: { verification: MyVerification }) {
  const { t } = useTranslation(['verification', 'validation', 'errors']);
  const drafts = verification.documents.filter((d) => d.request === null);
  const draftDocument = drafts.find((d) => d.kind === 'document');
  const draftSelfie = drafts.find((d) => d.kind === 'selfie');
  const [documentType, setDocumentType] = useState<DocumentType>(draftDocument?.document_type ?? 'passport');
  const [hashes, setHashes] = useState<Record<string, string>>({});
  const submit = useSubmitVerification();
  const ready = draftDocument !== undefined && draftSelfie !== undefined;
  const remember = (kind: string) => (hash: string | null) => hash && setHashes((h) => ({ ...h, [kind]: hash }));

  const onSubmit = async () => {
    try {
      await submit.mutateAsync();
      notifySuccess(t('submitted'));
    } catch {
      // Shown below from submit.error.
    }
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="verification-document-title">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="verification-document-title">
              {t('document.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('document.hint')}
            </Text>
            <NativeSelect
              label={t('document.type_label')}
              value={documentType}
              onChange={(e) => setDocumentType(e.currentTarget.value as DocumentType)}
              data={DOCUMENT_TYPES.map((v) => ({ value: v, label: t(`document.types.${v}`) }))}
            />
            <ImageUploader
              kind="document"
              documentType={documentType}
              label={t('document.image_label')}
              current={draftDocument}
              uploadedHashes={Object.values(hashes)}
              onUploaded={remember('document')}
              disabled={submit.isPending}
            />
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="verification-selfie-title">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="verification-selfie-title">
              {t('selfie.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('selfie.hint')}
            </Text>
            <ImageUploader
              kind="selfie"
              label={t('selfie.image_label')}
              current={draftSelfie}
              uploadedHashes={Object.values(hashes)}
              onUploaded={remember('selfie')}
              disabled={submit.isPending}
            />
          </Stack>
        </Card>
      </SimpleGrid>
      {submit.error ? (
        <Alert color="red" variant="light">
          <SafeHtml html={errorHtml(submit.error, t)} />
        </Alert>
      ) : null}
      <Stack gap={4} align="flex-start">
        <Button size="md" onClick={() => void onSubmit()} disabled={!ready} loading={submit.isPending}>
          {t('submit')}
        </Button>
        {!ready && (
          <Text size="sm" c="dimmed">
            {t('submit_hint')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
