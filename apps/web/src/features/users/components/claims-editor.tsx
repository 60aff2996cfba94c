/**
 * The claims of one user as checkboxes grouped into menus, server settings and logs. The owner
 * saves the difference: GrantClaimsToMyUser for the new ones, RevokeClaimsFromMyUser for the
 * removed ones. The owner's own claims and a non-owner's view are read-only.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CUSTOMER_CLAIMS, type Claim } from '@portside/contract/constants';
import { claimChanges, claimGroups } from '@portside/contract/rules/claim-groups';
import type { MyUser } from '@portside/contract/schemas/users';
import { notifySuccess } from '../../../shared/ui/notify';
import { useGrantClaims } from '../api/grant-claims';
import { useRevokeClaims } from '../api/revoke-claims';
import { FormAlert } from './form-alert';

export interface ClaimsEditorProps {
  user: MyUser;
  /** Claims the caller may grant (MyClaims); every customer claim for the owner. */
  grantable: readonly string[];
  canManage: boolean;
}

const customerClaimsOf = (u: MyUser) => u.claims.filter((c) => (CUSTOMER_CLAIMS as readonly string[]).includes(c));

export function ClaimsEditor({ user, grantable, canManage }: ClaimsEditorProps) {
  const { t } = useTranslation('users');
  const held = useMemo(() => customerClaimsOf(user), [user]);
  const [selected, setSelected] = useState<string[]>(held);
  const [error, setError] = useState<unknown>(null);
  const grant = useGrantClaims();
  const revoke = useRevokeClaims();
  useEffect(() => setSelected(held), [held]);

  const readOnly = user.is_owner || !canManage;
  // In the contract's order, limited to what the caller may grant.
  const groups = claimGroups(
    canManage && grantable.length ? CUSTOMER_CLAIMS.filter((c) => grantable.includes(c)) : CUSTOMER_CLAIMS,
  );
  const changes = claimChanges(held, selected);
  const dirty = changes.grant.length + changes.revoke.length > 0;
  const pending = grant.isPending || revoke.isPending;

  const toggle = (claim: string, on: boolean) =>
    setSelected((s) => (on ? [...new Set([...s, claim])] : s.filter((c) => c !== claim)));

  const save = async () => {
    setError(null);
    try {
      if (changes.grant.length) await grant.mutateAsync({ p_user: user.username, p_claims: changes.grant as Claim[] });
      if (changes.revoke.length) await revoke.mutateAsync({ p_user: user.username, p_claims: changes.revoke as Claim[] });
      notifySuccess(t('details.claims_saved', { email: user.email }));
    } catch (e) {
      setError(e);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('details.claims_hint')}
      </Text>
      {readOnly && (
        <Alert color="gray" variant="light">
          {user.is_owner ? t('details.owner_claims') : t('details.readonly_claims')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {groups.map((g) => (
          <Fieldset key={g.key} legend={t(`groups.${g.key}`)} variant="filled">
            <Stack gap="sm">
              {g.claims.map((c) => (
                <Checkbox
                  key={c}
                  label={t(`claims.${c}`)}
                  description={c}
                  checked={user.is_owner || selected.includes(c)}
                  disabled={readOnly || pending}
                  onChange={(e) => toggle(c, e.currentTarget.checked)}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
      <FormAlert error={error} />
      {!readOnly && (
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty || pending} onClick={() => setSelected(held)}>
            {t('details.reset_claims')}
          </Button>
          <Button onClick={() => void save()} disabled={!dirty} loading={pending}>
            {t('details.save_claims')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
