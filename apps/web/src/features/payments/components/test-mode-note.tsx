/** Under the card option while the card provider is the test card (pspHelperValue 'test-card'). */
import { Alert } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePspHelperValue } from '../api/psp-helper';

export function TestModeNote({ show }: { show: boolean }) {
  const { t } = useTranslation('payments');
  const psp = usePspHelperValue();
  if (!show || psp !== 'test-card') return null;
  return (
    <Alert color="yellow" variant="light">
      {t('test_mode')}
    </Alert>
  );
}
