/**
 * An attachment of a comment: a thumbnail loaded through the API (the bearer token is needed, so
 * an <img src> to the API cannot be used) that opens the full image in a dialog. Where the image
 * cannot be shown (a visitor has no token) the file's name and size are listed instead.
 */
import { Image, Modal, Paper, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { AttachmentItem } from '@portside/contract/schemas/support';
import { useBytes } from '../../../shared/format/use-bytes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { QueryState } from '../../../shared/ui/query-state';
import { useAttachmentImage } from '../api/get-attachment-image';

const SIZE = 96;

export function AttachmentThumbnail({ item }: { item: AttachmentItem }) {
  const { t } = useTranslation('tickets');
  const image = useAttachmentImage(item.file);
  const [opened, dialog] = useDisclosure(false);
  const alt = t('attachments.image_alt', { name: item.name });
  return (
    <QueryState
      query={image}
      loadingLabel={t('attachments.loading', { name: item.name })}
      skeleton={<Skeleton w={SIZE} h={SIZE} radius="sm" />}
    >
      <UnstyledButton onClick={dialog.open} aria-label={t('attachments.open', { name: item.name })}>
        <Image src={image.data} alt={alt} w={SIZE} h={SIZE} fit="cover" radius="sm" bg="var(--portside-surface-muted)" />
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={item.name}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('attachments.close_image') }}
      >
        <Image src={image.data} alt={alt} fit="contain" mah="75vh" />
      </Modal>
    </QueryState>
  );
}

/** An attachment named only (the visitor's view). */
export function AttachmentName({ item }: { item: AttachmentItem }) {
  const bytes = useBytes();
  return (
    <Paper withBorder radius="sm" px="xs" py={4}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.name} ({bytes(item.size)})
      </Text>
    </Paper>
  );
}
