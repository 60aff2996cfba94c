/**
 * /tickets for a visitor who is not logged in: a short form (e-mail, name, title, description)
 * calling GuestCreateTicket. The ticket reaches support only once the link mailed to the address
 * is opened, so the form then says to check the mailbox (and the spam folder). No attachments.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { TICKET_TITLE_MAX, guestCreateTicketSchema } from '@portside/contract/schemas/support';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { useGuestCreateTicket } from '../api/guest-ticket';

type Field = 'p_email' | 'p_name' | 'p_title' | 'p_description';
const EMPTY: Record<Field, string> = { p_email: '', p_name: '', p_title: '', p_description: '' };

export function GuestTicketForm() {
  const { t, i18n } = useTranslation(['tickets', 'validation', 'errors', 'common']);
  const create = useGuestCreateTicket();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm<typeof guestCreateTicketSchema, Field>('guest-ticket', guestCreateTicketSchema, EMPTY, (v) => ({
    ...v,
    p_language: normalizeLocale(i18n.language),
  }));
  const fieldError = fieldErrorsFromApi<Field>(create.error);
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        setSentTo(body.p_email);
        form.reset(EMPTY);
      },
      onError: (e) => {
        const mapped = fieldErrorsFromApi<Field>(e);
        if (mapped) form.setErrors(mapped);
      },
    }),
  );
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);

  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <PageHeader title={t('tickets:title')} subtitle={t('tickets:guest.subtitle')} />
      <Text size="sm">
        {t('tickets:guest.have_account')}{' '}
        <Anchor component={Link} to={buildPath('login-with-redirect', { redirectUrlBase64: btoa('/tickets') })}>
          {t('tickets:guest.log_in')}
        </Anchor>
      </Text>
      {sentTo ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          icon={<Icon name="mail" size={18} />}
          title={t('tickets:guest.sent_title')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('tickets:guest.sent_body', { email: sentTo })}</Text>
            <Button variant="subtle" size="xs" onClick={() => setSentTo(null)}>
              {t('tickets:guest.another')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <form onSubmit={submit} noValidate aria-label={t('tickets:guest.form_label')}>
            <Stack gap="md">
              <TextInput
                label={t('tickets:guest.email_label')}
                type="email"
                autoComplete="email"
                aria-required
                {...form.bind('p_email')}
                error={err('p_email')}
              />
              <TextInput
                label={t('tickets:guest.name_label')}
                autoComplete="name"
                aria-required
                {...form.bind('p_name')}
                error={err('p_name')}
              />
              <TextInput
                label={t('tickets:new.title_label')}
                maxLength={TICKET_TITLE_MAX}
                autoComplete="off"
                aria-required
                {...form.bind('p_title')}
                error={err('p_title')}
              />
              <Textarea
                label={t('tickets:new.description_label')}
                autosize
                minRows={4}
                maxRows={14}
                aria-required
                {...form.bind('p_description')}
                error={err('p_description')}
              />
              {create.error && !fieldError && <ErrorAlert error={create.error} />}
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending} leftSection={<Icon name="send" size={16} />}>
                  {t('tickets:guest.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
