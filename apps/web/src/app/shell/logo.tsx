/** The brand logo; links to the dashboard. */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';

export function Logo() {
  const { t } = useTranslation('shell');
  return (
    <UnstyledButton component={Link} to="/dashboard" aria-label={t('topbar.logo_label')}>
      <Group gap={8} wrap="nowrap">
        <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="#1c7ed6" />
          <path d="M7 21h18l-3 5H10z" fill="#fff" />
          <path d="M15 6v13H9z" fill="#fff" />
          <path d="M17 9v10h6z" fill="#a5d8ff" />
        </svg>
        <Text fw={800} fz={20} c="blue" visibleFrom="xs">
          Portside
        </Text>
      </Group>
    </UnstyledButton>
  );
}
