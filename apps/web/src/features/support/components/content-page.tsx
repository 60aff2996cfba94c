/**
 * A content page (issue 16: privacy policy, terms of service, client area, Synology, dummy): the
 * help text staff wrote under the page's label, sanitised, or the built-in default in the reader's
 * language while there is none. A page may add its own part below the text (the client area's
 * billing, Synology's 'Contact us').
 */
import type { ReactNode } from 'react';
import { Alert, Center, Loader, Paper, Stack, Typography } from '@mantine/core';
import type { ContentPageLabel } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PROVIDER_CONTACT } from '../lib/provider-contact';
import { PageHeader } from '../../../shared/ui/page-header';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useHelptext } from '../api/get-helptext';
import { CONTENT_DEFAULT_KEYS, CONTENT_TITLE_KEYS } from '../lib/content-defaults';
import { PublicFrame } from './public-frame';

export interface ContentPageProps {
  label: ContentPageLabel;
  /** What the page shows below its text. */
  children?: ReactNode;
}

export function ContentPage({ label, children }: ContentPageProps) {
  const { t } = useTranslation(['support', 'legal', 'pages']);
  const text = useHelptext(label);
  const fallback = t(CONTENT_DEFAULT_KEYS[label], {
    company: PROVIDER_CONTACT.company,
    email: PROVIDER_CONTACT.supportEmail,
    defaultValue: '',
  });
  const html = text.data || fallback || `<p>${t('content.empty')}</p>`;
  return (
    <PublicFrame>
      <Stack gap="md" maw={900}>
        <PageHeader title={t(CONTENT_TITLE_KEYS[label])} />
        {text.isError && (
          <Alert color="yellow" variant="light" role="status">
            {t('content.load_failed')}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article" aria-label={t(CONTENT_TITLE_KEYS[label])}>
          {text.isPending ? (
            <Center py="xl" role="status" aria-busy="true" aria-label={t('content.loading')}>
              <Loader size="sm" />
            </Center>
          ) : (
            <Typography style={{ overflowWrap: 'anywhere' }}>
              <SafeHtml html={html} component="div" />
            </Typography>
          )}
        </Paper>
        {children}
      </Stack>
    </PublicFrame>
  );
}
