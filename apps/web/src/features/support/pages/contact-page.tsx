/**
 * /contact (public): how to reach the provider, and a form that opens a ticket — the account's
 * when logged in, a visitor's otherwise. `?subject=` fills the subject in (Synology's 'Contact us').
 * The 'connect Telegram' control comes from app/ (features never import each other).
 */
import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { ContactChannels } from '../components/contact-channels';
import { ContactForm } from '../components/contact-form';
import { PublicFrame, useInShell } from '../../../shared/ui/public-frame';

export interface ContactPageProps {
  /** The control that opens the 'connect Telegram' dialog (logged-in users only). */
  telegram?: ReactNode;
}

export function ContactPage({ telegram }: ContactPageProps) {
  const { t } = useTranslation(['support', 'pages']);
  const loggedIn = useInShell();
  const [params] = useSearchParams();
  return (
    <PublicFrame>
      <Stack gap="md" maw={900}>
        <PageHeader title={t('pages:titles.contact')} subtitle={t('contact.subtitle')} />
        <ContactForm key={loggedIn ? 'account' : 'visitor'} loggedIn={loggedIn} subject={params.get('subject') ?? ''} />
        <ContactChannels loggedIn={loggedIn} telegram={telegram} />
      </Stack>
    </PublicFrame>
  );
}

export default function ContactRoutePage() {
  return <ContactPage />;
}
