/**
 * Account deletion (spec 1 §1, §5): immediate and irreversible, owner only. After the deletion
 * the browser goes to /logout, which ends the session in every tab.
 */
import { useState } from 'react';
import { Button, List, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ACCOUNT_DELETE } from '@portside/contract/schemas/settings';
import { useSession } from '../../../shared/session/store';
import { notifySuccess } from '../../../shared/ui/notify';
import { DeleteAccountDialog } from './delete-account-dialog';
import { Section } from './section';

export function AccountDeletionSection() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const owner = useSession('customerDetails')?.is_owner ?? false;
  const [opened, setOpened] = useState(false);

  return (
    <Section id="delete-account" title={t('delete.title')} intro={t('delete.intro')} danger>
      <List size="sm" spacing={4}>
        <List.Item>{t('delete.facts.immediate')}</List.Item>
        <List.Item>{t('delete.facts.servers')}</List.Item>
        <List.Item>{t('delete.facts.billing')}</List.Item>
        <List.Item>{t('delete.facts.retention', { months: ACCOUNT_DELETE.retentionMonths })}</List.Item>
      </List>
      {owner ? (
        <div>
          <Button color="red" variant="outline" onClick={() => setOpened(true)}>
            {t('delete.open')}
          </Button>
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          {t('delete.owner_only')}
        </Text>
      )}
      <DeleteAccountDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onDeleted={(answer) => {
          notifySuccess(t(answer.billing_kept ? 'delete.done_billing_kept' : 'delete.done'));
          // The account is gone: /logout clears this browser's session and tells the other tabs.
          void navigate('/logout', { replace: true });
        }}
      />
    </Section>
  );
}
