/**
 * Adds IPs to a set: a list pasted comma separated, checked as typed against the set's own entries
 * (invalid entries named, repeats and entries already there counted, and 'An IP set holds at most
 * 1000 IPs' before anything is sent when the set would pass it), plus the quick add from My IPs.
 * The server's IPSET_FULL (another tab added meanwhile) shows on the field.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ApiError, localizeErrorBody, type Translate } from '../../../shared/api/client';
import { notifySuccess } from '../../../shared/ui/notify';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { fieldKeyOf } from '../../../shared/forms/server-field-errors';
import { useAddIpsetIps } from '../api/add-ipset-ips';
import { checkIpList } from '../lib/ip-list-check';
import { IpListField } from './ip-list-field';
import { MyIpsQuickAdd } from './my-ips-quick-add';
import { keepFocus } from '../lib/keep-focus';

export interface AddIpsFormProps {
  ipset: number;
  /** The set's entries now (canonical). */
  inSet: ReadonlySet<string>;
  /** Whether the user may see My IPs (menu-see-ip-management). */
  withMyIps: boolean;
}

export function AddIpsForm({ ipset, inSet, withMyIps }: AddIpsFormProps) {
  const { t } = useTranslation(['network', 'validation', 'errors']);
  const add = useAddIpsetIps(ipset);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const deferred = useDeferredValue(text);
  const check = useMemo(() => checkIpList(deferred, inSet), [deferred, inSet]);
  const listed = useMemo(() => new Set([...inSet, ...check.fresh]), [inSet, check.fresh]);

  const full = add.error instanceof ApiError && add.error.body.code === 'IPSET_FULL';
  const fieldKey = fieldKeyOf(add.error, 'p_ips');
  const serverError = full ? refusalText(add.error as ApiError, t) : fieldKey ? t(`validation:${fieldKey}`) : null;

  const change = (v: string) => {
    setText(v);
    if (add.error) add.reset();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const now = checkIpList(text, inSet);
    setTried(true);
    if (now.problem || add.isPending) {
      document.getElementById('add-ips')?.focus();
      return;
    }
    if (now.fresh.length === 0) {
      // Every entry is in the set already: nothing to send.
      setText('');
      setTried(false);
      notifySuccess(t('network:add_ips.nothing_new'));
      return;
    }
    add.mutate(now.fresh.join(', '), {
      onSuccess: (r) => {
        notifySuccess(t('network:add_ips.added', { count: r.added, total: r.count }));
        setText('');
        setTried(false);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('network:add_ips.title')}>
      <Stack gap="sm">
        <IpListField
          id="add-ips"
          label={t('network:add_ips.label')}
          value={text}
          onChange={change}
          check={check}
          showProblem={tried || check.invalid.length > 0 || check.problem === 'ipset_full'}
          inSet={inSet.size}
          serverError={serverError}
        />
        {withMyIps && (
          <MyIpsQuickAdd taken={listed} onAdd={(a) => change(text.trim() ? `${text.replace(/[,\s]+$/, '')}, ${a}` : a)} />
        )}
        {add.error && !full && !fieldKey && <ErrorAlert error={add.error} />}
        <Group>
          <Button type="submit" onMouseDown={keepFocus} loading={add.isPending} leftSection={<Icon name="plus" size={16} />}>
            {t('network:add_ips.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The refusal's message and hint in the interface language, as plain text for the field. */
function refusalText(error: ApiError, t: Translate): string {
  const body = localizeErrorBody(error.body, t, error.catalogue);
  return body.hint ? `${body.message}: ${body.hint}` : body.message;
}
