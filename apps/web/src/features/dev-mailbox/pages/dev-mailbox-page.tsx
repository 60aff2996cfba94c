/**
 * /dev/mailbox: the developer outbox of the embedded server, so a new user can read confirmation
 * codes without a mail server. Search by recipient, refresh, newest first.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Container, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, errorHtml } from '../../../shared/api/client';
import { Icon } from '../../../shared/ui/icons';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useMailbox } from '../api/get-mailbox';
import { MailCard } from '../components/mail-card';

export default function DevMailboxPage() {
  const { t } = useTranslation('pages');
  const [search, setSearch] = useState('');
  const mailbox = useMailbox();
  const phrase = search.trim().toLowerCase();
  const mails = useMemo(
    () => (mailbox.data ?? []).filter((m) => !phrase || m.to.toLowerCase().includes(phrase)),
    [mailbox.data, phrase],
  );
  const unavailable = mailbox.error instanceof ApiError && mailbox.error.status === 404;

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} fz="h2">
              {t('dev_mailbox.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('dev_mailbox.subtitle')}
            </Text>
          </div>
          <Button
            variant="light"
            leftSection={<Icon name="refresh" size={16} />}
            loading={mailbox.isFetching}
            onClick={() => void mailbox.refetch()}
          >
            {t('dev_mailbox.refresh')}
          </Button>
        </Group>
        <TextInput
          type="search"
          label={t('dev_mailbox.search_label')}
          placeholder={t('dev_mailbox.search_placeholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          leftSection={<Icon name="search" size={16} />}
        />
        {mailbox.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label={t('dev_mailbox.loading')} />
          </Group>
        ) : unavailable ? (
          <Alert color="gray" title={t('dev_mailbox.unavailable_title')}>
            {t('dev_mailbox.unavailable_body')}
          </Alert>
        ) : mailbox.error ? (
          <Alert color="red" role="alert">
            <SafeHtml html={errorHtml(mailbox.error, t)} />
          </Alert>
        ) : mails.length === 0 ? (
          <Stack align="center" py="xl" gap={4} c="dimmed" ta="center">
            <Icon name="mail" size={40} stroke={1.2} />
            <Text fw={600} c="var(--mantine-color-text)">
              {phrase ? t('dev_mailbox.no_match') : t('dev_mailbox.empty')}
            </Text>
            <Text size="sm">{t('dev_mailbox.empty_hint')}</Text>
          </Stack>
        ) : (
          <Stack gap="sm" component="section" aria-label={t('dev_mailbox.list_label')}>
            <Text size="sm" c="dimmed">
              {t('dev_mailbox.count', { count: mails.length })}
            </Text>
            {mails.map((m) => (
              <MailCard key={m.id} mail={m} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
