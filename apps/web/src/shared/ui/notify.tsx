/**
 * Notification banners (spec 1 §2 'Notification banners', spec 2 §8): errors are collected as a
 * list of {id, message}; the first shows in a red banner, the rest behind 'and N more error(s)...'
 * which opens the 'Errors List' dialog. Success messages show in a green banner. Text after ':::'
 * is hidden in both; messages render as sanitised HTML.
 */
import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { hideAfterMarker } from '@portside/contract/rules/error-presentation';
import { SafeHtml } from './safe-html';
import { useSpaLinks } from './spa-links';

// The dialog (Mantine's Modal) loads only once there is more than one error to list.
const ErrorsListDialog = lazy(() => import('./errors-list-dialog').then((m) => ({ default: m.ErrorsListDialog })));

/** One collected error. `message` is HTML (sanitised when shown). */
export interface NotifiedError {
  id: number;
  message: string;
}

interface NotifyState {
  errors: readonly NotifiedError[];
  success: { id: number; text: string } | null;
}

/** How long a success banner stays before it hides itself. */
const SUCCESS_VISIBLE_MS = 10_000;

let state: NotifyState = { errors: [], success: null };
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: NotifyState): void {
  state = next;
  listeners.forEach((fn) => fn());
}

/** Adds an error (HTML) to the list. An identical message already listed is not repeated. */
export function notifyError(html: string): void {
  if (!html || state.errors.some((e) => e.message === html)) return;
  update({ ...state, errors: [...state.errors, { id: nextId++, message: html }] });
}

/** Shows a success message in the green banner (replacing the previous one). */
export function notifySuccess(text: string): void {
  update({ ...state, success: { id: nextId++, text } });
}

/** Removes every collected error. */
export function clearErrors(): void {
  if (state.errors.length) update({ ...state, errors: [] });
}

/** Removes one error (closing its banner). */
export function dismissError(id: number): void {
  update({ ...state, errors: state.errors.filter((e) => e.id !== id) });
}

/** Hides the success banner. */
export function clearSuccess(): void {
  if (state.success) update({ ...state, success: null });
}

/** React hook: the current errors and success message. */
export function useNotifications(): NotifyState {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => state,
    () => state,
  );
}

/** The red and green banners, plus the 'Errors List' dialog. */
export function Banners() {
  const { t } = useTranslation('common');
  const onLinkClick = useSpaLinks();
  const { errors, success } = useNotifications();
  const [listOpen, setListOpen] = useState(false);
  const first = errors[0];
  const more = errors.length - 1;

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(clearSuccess, SUCCESS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  useEffect(() => {
    if (errors.length === 0) setListOpen(false);
  }, [errors.length]);

  if (!first && !success) return null;
  return (
    <Stack gap="xs" mb="md" aria-live="polite">
      {first && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          closeButtonLabel={t('banners.close_error')}
          onClose={() => dismissError(first.id)}
          data-testid="error-banner"
        >
          <SafeHtml html={hideAfterMarker(first.message)} onClick={onLinkClick} />
          {more > 0 && (
            <>
              {' '}
              <Anchor component="button" type="button" size="sm" onClick={() => setListOpen(true)}>
                {t('banners.more_errors', { count: more })}
              </Anchor>
            </>
          )}
        </Alert>
      )}
      {success && (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={t('banners.close_success')}
          onClose={clearSuccess}
          data-testid="success-banner"
        >
          <SafeHtml html={hideAfterMarker(success.text)} />
        </Alert>
      )}
      {(more > 0 || listOpen) && (
        <Suspense fallback={null}>
          <ErrorsListDialog
            opened={listOpen}
            errors={errors}
            onClose={() => setListOpen(false)}
            onDismiss={dismissError}
            onClearAll={clearErrors}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * The user's own logout: what the ending session showed (a 'saved' note, an error) is news of
 * that session, so the login page starts clean. (The forced logout keeps the reason it reports.)
 */
export function clearBanners(): void {
  clearErrors();
  clearSuccess();
}
