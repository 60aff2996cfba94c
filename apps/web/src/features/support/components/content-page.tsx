/**
 * A content page (issue 16: privacy policy, terms of service, client area, Synology, dummy): the
 * help text staff wrote under the page's label, sanitised, or the built-in default in the reader's
 * language while there is none. A page may add its own part below the text (the client area's
 * billing, Synology's 'Contact us').
 */
import type { ReactNode } from 'react';
import { Alert, Center, Loader, Paper, Stack, Text, Typography } from '@mantine/core';
import type { ContentPageLabel } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useSpaLinks } from '../../../shared/ui/spa-links';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useHelptext } from '../api/get-helptext';
import { CONTENT_DEFAULT_KEYS, CONTENT_TITLE_KEYS } from '../lib/content-defaults';
import classes from './help-text.module.css';
import { PublicFrame } from '../../../shared/ui/public-frame';

export interface ContentPageProps {
  label: ContentPageLabel;
  /** What the page shows below its text. */
  children?: ReactNode;
}

export function ContentPage({ label, children }: ContentPageProps) {
  const { t } = useTranslation(['support', 'legal']);
  const formatDate = useDateFormat();
  const onLinkClick = useSpaLinks();
  const text = useHelptext(label);
  const written = text.data ?? null;
  const html = written?.html || t(CONTENT_DEFAULT_KEYS[label], { defaultValue: '' }) || `<p>${t('content.empty')}</p>`;
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
            <Stack gap="md">
              <Typography className={classes.text} style={{ overflowWrap: 'anywhere' }}>
                <SafeHtml html={html} component="div" onClick={onLinkClick} />
              </Typography>
              {written && (
                <Text size="xs" c="dimmed">
                  {t('legal:last_updated', { date: formatDate(written.updated_at, { style: 'date' }) })}
                </Text>
              )}
            </Stack>
          )}
        </Paper>
        {children}
      </Stack>
    </PublicFrame>
  );
}
