/**
 * An API error shown inline in a form or dialog (instead of the shell banner): the client's
 * presentation of the error (spec 2 §8), text after ':::' hidden, sanitised HTML.
 */
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { hideAfterMarker } from '@portside/contract/rules/error-presentation';
import { errorHtml } from '../api/client';
import { SafeHtml } from './safe-html';
import { useSpaLinks } from './spa-links';

export function ErrorAlert({ error, title }: { error: unknown; title?: ReactNode }) {
  const { t } = useTranslation(['errors', 'validation']);
  const onLinkClick = useSpaLinks();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <SafeHtml html={hideAfterMarker(errorHtml(error, t))} onClick={onLinkClick} />
    </Alert>
  );
}
