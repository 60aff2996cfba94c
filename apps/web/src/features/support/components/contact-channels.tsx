/**
 * How to reach the provider (issue 16, /contact): the company's address and the data centres, the
 * support hours, and the channels — tickets, e-mail, the community chat and Telegram (the same
 * sources as the sidebar's Support group), and where abuse is reported.
 */
import type { ReactNode } from 'react';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { COMMUNITY_CHAT_URL } from '../../../shared/config/support-links';
import { PROVIDER_CONTACT } from '../lib/provider-contact';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon, type IconName } from '../../../shared/ui/icons';

function Card({ id, icon, title, children }: { id: string; icon: IconName; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} fz="h5" id={id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Icon name={icon} size={18} />
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export interface ContactChannelsProps {
  /** Logged in: the tickets list and the Telegram connection are the user's own. */
  loggedIn: boolean;
  /** The 'connect Telegram' control (the telegram feature's dialog, composed in app/). */
  telegram?: ReactNode;
}

export function ContactChannels({ loggedIn, telegram }: ContactChannelsProps) {
  const { t } = useTranslation(['support', 'common']);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Card id="contact-address" icon="globe" title={t('contact.address_title')}>
        <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
          <strong>{PROVIDER_CONTACT.company}</strong>
          {PROVIDER_CONTACT.address.map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
        </Text>
        <Text size="sm" c="dimmed">
          {t('contact.data_centres', { first: t('common:locations.lisbon'), second: t('common:locations.frankfurt') })}
        </Text>
      </Card>
      <Card id="contact-hours" icon="info" title={t('contact.hours_title')}>
        <Text size="sm">{t('contact.hours_team')}</Text>
        <Text size="sm">{t('contact.hours_urgent')}</Text>
      </Card>
      <Card id="contact-channels" icon="chat" title={t('contact.channels_title')}>
        <Stack gap={6}>
          {loggedIn && (
            <Anchor component={Link} to={buildPath('tickets')} size="sm">
              {t('contact.my_tickets')}
            </Anchor>
          )}
          <Anchor href={`mailto:${PROVIDER_CONTACT.supportEmail}`} size="sm">
            {t('contact.email', { email: PROVIDER_CONTACT.supportEmail })}
          </Anchor>
          <Anchor href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer" size="sm">
            {t('contact.community_chat')}
          </Anchor>
          {loggedIn && telegram ? (
            telegram
          ) : (
            <Text size="sm" c="dimmed">
              {t('contact.telegram_login')}
            </Text>
          )}
        </Stack>
      </Card>
      <Card id="contact-abuse" icon="alert" title={t('contact.abuse_title')}>
        <Text size="sm">{t('contact.abuse_body')}</Text>
        <Anchor component={Link} to={buildPath('report-form')} size="sm">
          {t('contact.abuse_link')}
        </Anchor>
        <Anchor href={`mailto:${PROVIDER_CONTACT.abuseEmail}`} size="sm">
          {PROVIDER_CONTACT.abuseEmail}
        </Anchor>
      </Card>
    </SimpleGrid>
  );
}
