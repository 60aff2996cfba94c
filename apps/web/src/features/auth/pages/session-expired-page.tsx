/**
 * /session-expired: tells the user the session ended (inactivity logout or an expired token)
 * and offers to log in again. A logged-in user who opens it goes to the dashboard.
 */
import { Alert, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AuthLayout } from '../components/auth-layout';
import { ForVisitorsOnly } from '../components/for-visitors-only';

export default function SessionExpiredPage() {
  const { t } = useTranslation(['auth']);
  return (
    <ForVisitorsOnly>
      <AuthLayout title={t('auth:session_expired.title')}>
        <Alert color="yellow" variant="light" role="status">
          {t('auth:session_expired.message')}
        </Alert>
        <Text size="sm">{t('auth:session_expired.reasons')}</Text>
        <Text size="sm" c="dimmed">
          {t('auth:session_expired.unsaved')}
        </Text>
        <Button component={Link} to="/login" fullWidth autoFocus>
          {t('auth:session_expired.login')}
        </Button>
      </AuthLayout>
    </ForVisitorsOnly>
  );
}
