/**
 * /dev/mailbox: the developer outbox of the embedded server, so a new user can read confirmation
 * codes without a mail server. Search by recipient, refresh, newest first.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Container, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ApiError } from '../../../shared/api/client';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useMailbox } from '../api/get-mailbox';
import { MailCard } from '../components/mail-card';

export default function DevMailboxPage() {
  const { t } = useTranslation('devmail');
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
        <PageHeader
          title={t('title')}
          subtitle={t('subtitle')}
          actions={
            <Button
              variant="light"
              leftSection={<Icon name="refresh" size={16} />}
              loading={mailbox.isFetching}
              onClick={() => void mailbox.refetch()}
            >
              {t('refresh')}
            </Button>
          }
        />
        <TextInput
          type="search"
          label={t('search_label')}
          placeholder={t('search_placeholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          leftSection={<Icon name="search" size={16} />}
        />
        {unavailable ? (
          // Not an error: the mailbox does not exist here (production, or SMTP configured).
          <Alert color="gray" title={t('unavailable_title')}>
            {t('unavailable_body')}
          </Alert>
        ) : (
          <QueryState
            query={mailbox}
            loadingLabel={t('loading')}
            isEmpty={() => mails.length === 0}
            empty={<EmptyState icon="mail" title={phrase ? t('no_match') : t('empty')} body={t('empty_hint')} />}
          >
            <Stack gap="sm" component="section" aria-label={t('list_label')}>
              <Text size="sm" c="dimmed">
                {t('count', { count: mails.length })}
              </Text>
              {mails.map((m) => (
                <MailCard key={m.id} mail={m} />
              ))}
            </Stack>
          </QueryState>
        )}
      </Stack>
    </Container>
  );
}
