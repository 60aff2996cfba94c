/**
 * The attachment field of a new ticket or a reply: 'Attach images' opens the file picker (jpg or
 * png, under 2 MB, up to three); each picked image shows as a chip with its thumbnail and state —
 * uploading, attached, or the reason it was refused — and a remove button.
 */
import { useId, useRef } from 'react';
import { ActionIcon, Button, Group, Image, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { LIMITS } from '@portside/contract/constants';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { TICKET_IMAGE_ACCEPT } from '../lib/ticket-image';
import type { Attachments, PickedAttachment } from '../lib/use-attachments';

function AttachmentChip({ item, onRemove }: { item: PickedAttachment; onRemove: () => void }) {
  const { t } = useTranslation('tickets');
  const failed = item.state === 'failed';
  return (
    <Paper component="li" withBorder radius="sm" p={6} maw="100%">
      <Group gap="xs" wrap="nowrap" align="center">
        {item.preview && !failed ? (
          <Image src={item.preview} alt="" w={40} h={40} fit="cover" radius="xs" />
        ) : (
          <Icon name={failed ? 'alert' : 'upload'} size={20} />
        )}
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text size="sm" truncate>
            {item.name}
          </Text>
          {item.state === 'uploading' && (
            <Group gap={4} wrap="nowrap">
              <Loader size={12} aria-hidden="true" />
              <Text size="xs" c="dimmed">
                {t('attachments.uploading')}
              </Text>
            </Group>
          )}
          {item.state === 'ready' && (
            <Text size="xs" c="green.8">
              {t('attachments.attached')}
            </Text>
          )}
          {failed && item.error && (
            <Text size="xs" c="red.8" role="alert" component="div">
              {item.error.html ? <SafeHtml html={item.error.text} /> : item.error.text}
            </Text>
          )}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onRemove}
          disabled={item.state === 'uploading'}
          aria-label={t('attachments.remove', { name: item.name })}
        >
          <Icon name="close" size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

export function AttachmentPicker({ attachments, disabled }: { attachments: Attachments; disabled?: boolean }) {
  const { t } = useTranslation('tickets');
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const label = t('attachments.input_label');
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <VisuallyHidden>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={TICKET_IMAGE_ACCEPT}
            aria-label={label}
            aria-describedby={hintId}
            tabIndex={-1}
            disabled={disabled || attachments.full}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              if (files.length) attachments.add(files);
            }}
          />
        </VisuallyHidden>
        <Button
          variant="default"
          size="xs"
          leftSection={<Icon name="upload" size={14} />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || attachments.full}
          aria-describedby={hintId}
        >
          {t('attachments.add')}
        </Button>
        <Text size="xs" c="dimmed" id={hintId}>
          {t('attachments.hint', { count: LIMITS.ticketAttachments })}
        </Text>
      </Group>
      {attachments.items.length > 0 && (
        <Group component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('attachments.list_label')}>
          {attachments.items.map((item) => (
            <AttachmentChip key={item.key} item={item} onRemove={() => attachments.remove(item.key)} />
          ))}
        </Group>
      )}
    </Stack>
  );
}
