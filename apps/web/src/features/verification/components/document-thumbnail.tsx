/**
 * An uploaded image loaded through the API (the bearer token is needed, so an <img src> to the API
 * cannot be used): a thumbnail that opens the full image in a dialog.
 */
import { Image, Modal, Skeleton, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { QueryState } from '../../../shared/ui/query-state';
import { useDocumentImage, type DocumentImageScope } from '../api/get-document-image';

export interface DocumentThumbnailProps {
  scope: DocumentImageScope;
  id: number;
  /** What the image shows, e.g. 'Photo ID of Rita Register'. */
  alt: string;
  height?: number;
}

export function DocumentThumbnail({ scope, id, alt, height = 180 }: DocumentThumbnailProps) {
  const { t } = useTranslation('verification');
  const image = useDocumentImage(scope, id);
  const [opened, dialog] = useDisclosure(false);
  return (
    <QueryState query={image} loadingLabel={t('uploader.loading_image')} skeleton={<Skeleton h={height} radius="sm" />}>
      <UnstyledButton onClick={dialog.open} aria-label={`${t('queue.open_image')}: ${alt}`} w="100%">
        <Image src={image.data} alt={alt} h={height} fit="contain" radius="sm" bg="var(--portside-surface-muted)" />
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={alt}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('queue.close_image') }}
      >
        <Image src={image.data} alt={alt} fit="contain" mah="75vh" />
      </Modal>
    </QueryState>
  );
}
