/**
 * A ticket's conversation in order: the description (comment 0) and every reply, each with its
 * author, side (customer or support), time and attachments. The texts are shown as plain text
 * (never HTML), keeping their line breaks.
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TicketCommentRow } from '@portside/contract/schemas/support';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AttachmentName, AttachmentThumbnail } from './attachment-thumbnail';

export interface TicketConversationProps {
  comments: readonly TicketCommentRow[];
  /** Thumbnails need the logged-in user's token; a visitor sees the attachments' names. */
  showImages: boolean;
}

function Comment({ c, showImages }: { c: TicketCommentRow; showImages: boolean }) {
  const { t } = useTranslation('tickets');
  const date = useDateFormat();
  const staff = c.author_side === 'staff';
  const headingId = `ticket-comment-${c.comment}`;
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="sm"
      ml={staff ? { base: 0, sm: 'xl' } : 0}
      mr={staff ? 0 : { base: 0, sm: 'xl' }}
      bg={staff ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap={4}>
          <Text fw={600} size="sm" id={headingId} component="h3" m={0}>
            {c.comment === 0
              ? t('conversation.opened', { name: c.author_name })
              : staff
                ? t('conversation.support_wrote', { name: c.author_name })
                : t('conversation.wrote', { name: c.author_name })}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={c.created_at}>
            {date(c.created_at)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {c.body}
        </Text>
        {c.attachments.length > 0 && (
          <Group gap="xs" wrap="wrap" role="list" aria-label={t('attachments.of_comment')}>
            {c.attachments.map((a) => (
              <div role="listitem" key={a.file}>
                {showImages ? <AttachmentThumbnail item={a} /> : <AttachmentName item={a} />}
              </div>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function TicketConversation({ comments, showImages }: TicketConversationProps) {
  const { t } = useTranslation('tickets');
  return (
    <Stack gap="sm" component="section" aria-labelledby="ticket-conversation-heading">
      <Title order={2} fz="h4" id="ticket-conversation-heading">
        {t('conversation.label')}
      </Title>
      {comments.map((c) => (
        <Comment key={c.comment} c={c} showImages={showImages} />
      ))}
    </Stack>
  );
}
