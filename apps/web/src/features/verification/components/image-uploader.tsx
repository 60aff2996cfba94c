/**
 * One image uploader (spec 1 §2 'Modals: image uploader'): drag and drop or a file picker, the
 * client-side check with the spec's messages (type by the first bytes, under 2 MB, not the same
 * file twice), the upload, and a preview of what was uploaded.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { Badge, Button, Group, Image, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { DocumentType, UploadKind, VerificationDocument } from '@portside/contract/schemas/verification';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useUploadVerificationImage } from '../api/upload-verification-image';
import { IMAGE_ACCEPT, checkImageFile, sha256Hex, toDataUrl } from '../lib/image-file';
import { uploadErrorText, type UploadErrorText } from '../lib/upload-error';
import { DocumentThumbnail } from './document-thumbnail';

export interface ImageUploaderProps {
  kind: UploadKind;
  documentType?: DocumentType;
  /** Accessible name of the file input, e.g. 'Photo ID image'. */
  label: string;
  /** The draft already uploaded for this kind (shown after a reload). */
  current?: VerificationDocument;
  /** Hashes of images already uploaded on this page: choosing one again is 'file already uploaded'. */
  uploadedHashes: readonly string[];
  onUploaded: (hash: string | null) => void;
  disabled?: boolean;
}

export function ImageUploader(p: ImageUploaderProps) {
  const { t } = useTranslation(['verification', 'validation', 'errors']);
  const upload = useUploadVerificationImage();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<UploadErrorText | null>(null);
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const busy = checking || upload.isPending;

  async function take(file: File | undefined) {
    if (!file || busy || p.disabled) return;
    setError(null);
    setChecking(true);
    try {
      const refused = await checkImageFile(file);
      if (refused) return setError({ text: t(`validation:${refused}`), html: false });
      const hash = await sha256Hex(file);
      if (hash && p.uploadedHashes.includes(hash))
        return setError({ text: t('validation:upload_already_uploaded'), html: false });
      const url = await toDataUrl(file);
      setChecking(false);
      await upload.mutateAsync({ kind: p.kind, documentType: p.documentType, file });
      setPreview({ url, name: file.name });
      p.onUploaded(hash);
    } catch (e) {
      setError(uploadErrorText(e, t));
    } finally {
      setChecking(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void take(e.dataTransfer.files[0]);
  };
  const uploaded = preview !== null || p.current !== undefined;

  return (
    <Stack gap="xs" data-testid={`uploader-${p.kind}`}>
      <Paper
        withBorder
        radius="md"
        p="md"
        onDragOver={(e) => {
          e.preventDefault();
          if (!p.disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: dragging ? 'var(--mantine-color-blue-6)' : undefined }}
        bg={dragging ? 'var(--mantine-primary-color-light)' : undefined}
      >
        <Stack gap="sm" align="center">
          {preview ? (
            <Image
              src={preview.url}
              alt={t('uploader.preview_alt', { name: p.label })}
              h={160}
              w="auto"
              fit="contain"
              radius="sm"
            />
          ) : p.current ? (
            <DocumentThumbnail scope="own" id={p.current.id} alt={t('uploader.preview_alt', { name: p.label })} height={160} />
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              {t('uploader.drop')}
            </Text>
          )}
          <VisuallyHidden>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={IMAGE_ACCEPT}
              aria-label={p.label}
              tabIndex={-1}
              disabled={p.disabled || busy}
              onChange={(e) => void take(e.currentTarget.files?.[0])}
            />
          </VisuallyHidden>
          <Group gap="xs" justify="center">
            <Button
              variant={uploaded ? 'default' : 'filled'}
              onClick={() => inputRef.current?.click()}
              loading={busy}
              disabled={p.disabled}
              aria-label={`${uploaded ? t('uploader.replace') : t('uploader.choose')}: ${p.label}`}
            >
              {uploaded ? t('uploader.replace') : t('uploader.choose')}
            </Button>
            {uploaded && !busy && (
              <Badge color="green" variant="light">
                {t('uploader.uploaded')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" ta="center">
            {t('uploader.rules')}
          </Text>
        </Stack>
      </Paper>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error.html ? <SafeHtml html={error.text} /> : error.text}
        </Text>
      )}
    </Stack>
  );
}
