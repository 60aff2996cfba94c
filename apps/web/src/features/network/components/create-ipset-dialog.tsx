/**
 * 'New IP set': a name without spaces (the contract's ipsetNameField), a comment, and optionally
 * the first IPs pasted comma separated — checked as typed (invalid entries named, repeats counted)
 * and sent only once every entry is valid. A name taken meanwhile shows on the name field. Once
 * made, the set's page opens, where it is attached to servers.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { LAYOUT } from '@portside/contract/constants';
import { buildPath } from '@portside/contract/routes';
import { createIpsetSchema } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorHtml } from '../../../shared/api/client';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { notifySuccess } from '../../../shared/ui/notify';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useCreateIpset } from '../api/create-ipset';
import { checkIpList } from '../lib/ip-list-check';
import { IpListField } from './ip-list-field';
import { keepFocus } from '../lib/keep-focus';

type Field = 'p_name' | 'p_comment';
const EMPTY: Record<Field, string> = { p_name: '', p_comment: '' };
const toBody = (v: Record<Field, string>) => ({ p_name: v.p_name, p_comment: v.p_comment || undefined });
const NAME_TAKEN = { IPSET_NAME_TAKEN: ['p_name', 'errors:IPSET_NAME_TAKEN'] } as const;

export function CreateIpsetDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['network', 'validation', 'errors', 'common']);
  const navigate = useNavigate();
  const create = useCreateIpset();
  const form = useSchemaForm<typeof createIpsetSchema, Field>('new-ipset', createIpsetSchema, EMPTY, toBody);
  const [ips, setIps] = useState('');
  const [ipsTried, setIpsTried] = useState(false);
  const deferred = useDeferredValue(ips);
  const check = useMemo(() => checkIpList(deferred, new Set(), false), [deferred]);
  const fieldError = fieldErrorsFromApi<Field | 'p_ips'>(create.error, NAME_TAKEN);
  const otherError = create.error && !fieldError ? create.error : null;

  const close = () => {
    if (create.isPending) return;
    form.reset(EMPTY);
    setIps('');
    setIpsTried(false);
    create.reset();
    onClose();
  };
  const submit = form.handleSubmit((body) => {
    const now = checkIpList(ips, new Set(), false);
    if (now.problem) {
      setIpsTried(true);
      document.getElementById('new-ipset-ips')?.focus();
      return;
    }
    create.mutate(
      { ...body, p_ips: now.fresh.length ? now.fresh.join(', ') : undefined },
      {
        onSuccess: (r) => {
          notifySuccess(t('network:create.created', { name: r.name, count: r.count }));
          close();
          void navigate(buildPath('ipsets-item', { ipset_from_url: r.ipset }));
        },
        onError: (e) => {
          const mapped = fieldErrorsFromApi<Field>(e, NAME_TAKEN);
          if (mapped) form.setErrors(mapped);
        },
      },
    );
  });
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('network:create.title')}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('network:create.name_label')}
            description={t('network:create.name_description')}
            autoComplete="off"
            spellCheck={false}
            aria-required
            data-autofocus
            {...form.bind('p_name')}
            error={err('p_name')}
          />
          <TextInput
            label={t('network:create.comment_label')}
            autoComplete="off"
            {...form.bind('p_comment')}
            error={err('p_comment')}
          />
          <IpListField
            id="new-ipset-ips"
            label={t('network:create.ips_label')}
            value={ips}
            onChange={(v) => {
              setIps(v);
              if (create.error) create.reset();
            }}
            check={check}
            showProblem={ipsTried || check.invalid.length > 0 || check.problem === 'ipset_full'}
            inSet={null}
            serverError={fieldError?.p_ips ? translateKey(t, fieldError.p_ips) : null}
          />
          {otherError && (
            <Alert color="red" variant="light" role="alert">
              <SafeHtml html={errorHtml(otherError, t)} />
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" onMouseDown={keepFocus} loading={create.isPending}>
              {t('network:create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
