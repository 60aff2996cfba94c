/** An API error shown inside a users dialog, in the catalogue's presentation (text after ':::' hidden). */
import { Alert } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { hideAfterMarker } from '@portside/contract/rules/error-presentation';
import { errorHtml } from '../../../shared/api/client';
import { SafeHtml } from '../../../shared/ui/safe-html';

export function FormAlert({ error }: { error: unknown }) {
  const { t } = useTranslation(['errors', 'validation']);
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      <SafeHtml html={hideAfterMarker(errorHtml(error, t))} />
    </Alert>
  );
}
