/**
 * /contact composed (features meet here): the support feature's contact page with the telegram
 * feature's 'connect Telegram' dialog as its Telegram channel, as the sidebar's Support group
 * offers it. The dialog's code loads with its first opening.
 */
import { Suspense, lazy, useState } from 'react';
import { Anchor } from '@mantine/core';
import { ContactPage } from '../../features/support/pages/contact-page';
import { useTranslation } from '../../shared/i18n/use-translation';

const TelegramModal = lazy(() =>
  import('../../features/telegram/components/telegram-modal').then((m) => ({ default: m.TelegramModal })),
);

function TelegramChannel() {
  const { t } = useTranslation('support');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" ta="start" onClick={() => setOpened(true)}>
        {t('contact.telegram_connect')}
      </Anchor>
      {opened && (
        <Suspense fallback={null}>
          <TelegramModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

export default function ContactRoutePage() {
  return <ContactPage telegram={<TelegramChannel />} />;
}
