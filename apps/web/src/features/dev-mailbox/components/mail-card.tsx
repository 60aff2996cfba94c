/** One mail of the developer mailbox: recipient, subject, time and the plain-text body. */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import type { DevMail } from '@portside/contract/schemas/dev-mail';

export function MailCard({ mail }: { mail: DevMail }) {
  const { t } = useTranslation('devmail');
  // In the account's timezone when logged in, the browser's otherwise.
  const time = useDateFormat()(mail.created_at);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={mail.subject}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{mail.subject}</Text>
          <Text size="sm" c="dimmed" component="time" dateTime={mail.created_at}>
            {time}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge variant="light" tt="none">
            {t('to')}
          </Badge>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {mail.to}
          </Text>
        </Group>
        <Text
          component="pre"
          size="sm"
          m={0}
          p="sm"
          bg="var(--portside-surface-muted)"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', borderRadius: 6, fontFamily: 'inherit' }}
        >
          {mail.text || t('no_text')}
        </Text>
      </Stack>
    </Card>
  );
}
