/** /profile: who is logged in, and the password change (spec 1 §2 'Other screens'). */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/store';
import { ChangePasswordForm } from '../components/change-password-form';

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </div>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useSession('customerDetails');
  if (!profile) return null;

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-account-title">
        <Group justify="space-between" mb="md" gap="xs">
          <Title order={2} fz="h4" id="profile-account-title">
            {t('account.title')}
          </Title>
          <Badge variant="light" color={profile.is_owner ? 'blue' : 'gray'}>
            {profile.is_owner ? t('account.owner') : t('account.sub_user')}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Item label={t('account.name')} value={`${profile.first_name} ${profile.last_name}`.trim()} />
          <Item label={t('account.email')} value={profile.email} />
        </SimpleGrid>
        <Text size="sm" mt="md">
          <Anchor component={Link} to="/settings">
            {t('account.settings_link')}
          </Anchor>
        </Text>
      </Paper>
      <ChangePasswordForm />
    </Stack>
  );
}
