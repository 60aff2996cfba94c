/**
 * An API error shown inline on an auth page (these pages have no shell banner area). The text is
 * the client's presentation of the error (spec 2 §8, e.g. the resend-confirmation link for
 * UNCONFIRMED_EMAIL), with the text after ':::' hidden and sanitised with DOMPurify (shared
 * useSanitizedHtml). Same-origin links inside it navigate in the SPA.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Alert, Typography } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { hideAfterMarker } from '@portside/contract/rules/error-presentation';
import { ApiError, errorHtml } from '../../../shared/api/client';
import { useSanitizedHtml } from '../../../shared/ui/safe-html';

interface ApiErrorAlertProps {
  error: unknown;
  /** Overrides the presented text for some errors (e.g. the rate-limit text). */
  override?: (error: unknown) => ReactNode | null;
  title?: ReactNode;
}

/** The HTTP status of an API error, or undefined for anything else. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The catalogue code of an API error, or undefined. */
export function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.body?.code : undefined;
}

export function ApiErrorAlert({ error, override, title }: ApiErrorAlertProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const navigate = useNavigate();
  const custom = error ? (override?.(error) ?? null) : null;
  const html = useSanitizedHtml(error && custom === null ? hideAfterMarker(errorHtml(error, t)) : '');
  if (!error) return null;

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const anchor = (e.target as HTMLElement).closest('a');
    if (!anchor || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || anchor.target === '_blank') return;
    e.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    <Alert color="red" variant="light" title={title}>
      {custom === null ? (
        // Sanitised above; the client's error presentation is HTML by design (spec 2 §8).
        <Typography fz="sm" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        custom
      )}
    </Alert>
  );
}
