/**
 * The contact form (issue 16): a subject and a message that open a ticket — CreateTicket for a
 * logged-in user (then a link to the ticket), GuestCreateTicket for a visitor, who also gives an
 * e-mail address and a name and confirms the ticket through the link mailed there.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { z } from 'zod';
import { buildPath } from '@portside/contract/routes';
import {
  TICKET_TEXT_MAX,
  TICKET_TITLE_MAX,
  createTicketSchema,
  guestCreateTicketSchema,
} from '@portside/contract/schemas/support';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { currentLanguage } from '../../../shared/i18n/language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useCreateTicket } from '../api/create-ticket';
import { useGuestCreateTicket } from '../api/guest-create-ticket';
import { isRateLimited } from '../lib/rate-limit';

type Field = 'p_name' | 'p_email' | 'p_title' | 'p_description';
type Sent = { kind: 'ticket'; ticket: number } | { kind: 'guest'; email: string };

export interface ContactFormProps {
  /** Logged in: the ticket is the account's; otherwise a visitor's. */
  loggedIn: boolean;
  /** A subject to start with (e.g. from the Synology page's 'Contact us'). */
  subject?: string;
}

export function ContactForm({ loggedIn, subject = '' }: ContactFormProps) {
  const { t } = useTranslation(['support', 'validation']);
  const create = useCreateTicket();
  const guest = useGuestCreateTicket();
  const mutation = loggedIn ? create : guest;
  const [sent, setSent] = useState<Sent | null>(null);
  const schema: z.ZodType = loggedIn ? createTicketSchema : guestCreateTicketSchema;
  const blank = { p_name: '', p_email: '', p_title: subject.slice(0, TICKET_TITLE_MAX), p_description: '' };
  const form = useSchemaForm<z.ZodType, Field>('contact', schema, blank, (v) =>
    loggedIn ? { p_title: v.p_title, p_description: v.p_description } : { ...v, p_language: currentLanguage() },
  );

  const onSubmit = form.handleSubmit((body) => {
    if (mutation.isPending) return;
    const onError = (e: unknown) => {
      const fields = fieldErrorsFromApi<Field>(e);
      if (fields) form.setErrors(fields);
    };
    if (loggedIn) {
      create.mutate(body as z.input<typeof createTicketSchema>, {
        onSuccess: (r) => setSent({ kind: 'ticket', ticket: r.ticket }),
        onError,
      });
    } else {
      const guestBody = body as z.output<typeof guestCreateTicketSchema>;
      guest.mutate(guestBody, { onSuccess: () => setSent({ kind: 'guest', email: guestBody.p_email }), onError });
    }
  });

  const again = () => {
    setSent(null);
    mutation.reset();
    form.reset(blank);
  };

  const errorOf = (name: Field) => (form.errors[name] ? translateKey(t, form.errors[name]) : undefined);
  const apiError = mutation.error && !fieldErrorsFromApi(mutation.error) ? mutation.error : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="contact-form-title">
      <Stack gap="md">
        <Title order={2} fz="h4" id="contact-form-title">
          {t('contact.form_title')}
        </Title>
        {sent?.kind === 'ticket' && (
          <Alert color="green" variant="light" role="status" title={t('contact.sent_title', { ticket: sent.ticket })}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('contact.sent_body')}</Text>
              <Group gap="xs">
                <Button component={Link} to={buildPath('tickets', {}, { ticket: sent.ticket })} size="xs">
                  {t('contact.view_ticket', { ticket: sent.ticket })}
                </Button>
                <Button variant="subtle" size="xs" onClick={again}>
                  {t('contact.write_another')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {sent?.kind === 'guest' && (
          <Alert color="green" variant="light" role="status" title={t('contact.guest_sent_title')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('contact.guest_sent_body', { email: sent.email })}</Text>
              <Button variant="subtle" size="xs" onClick={again}>
                {t('contact.write_another')}
              </Button>
            </Stack>
          </Alert>
        )}
        {!sent && (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {loggedIn ? t('contact.form_intro') : t('contact.form_intro_guest')}
              </Text>
              {!loggedIn && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    {...form.bind('p_name')}
                    label={t('contact.name')}
                    autoComplete="name"
                    required
                    error={errorOf('p_name')}
                  />
                  <TextInput
                    {...form.bind('p_email')}
                    label={t('contact.email_label')}
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    required
                    error={errorOf('p_email')}
                  />
                </SimpleGrid>
              )}
              <TextInput
                {...form.bind('p_title')}
                label={t('contact.subject')}
                maxLength={TICKET_TITLE_MAX}
                required
                error={errorOf('p_title')}
              />
              <Textarea
                {...form.bind('p_description')}
                label={t('contact.message')}
                description={t('contact.message_hint')}
                autosize
                minRows={5}
                maxRows={16}
                maxLength={TICKET_TEXT_MAX}
                required
                error={errorOf('p_description')}
              />
              {apiError &&
                (isRateLimited(apiError) ? (
                  <Alert color="red" variant="light" role="alert" title={t('contact.rate_limited_title')}>
                    {t('contact.rate_limited')}
                  </Alert>
                ) : (
                  <ErrorAlert error={apiError} />
                ))}
              <Group>
                <Button type="submit" loading={mutation.isPending} leftSection={null}>
                  {t('contact.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
