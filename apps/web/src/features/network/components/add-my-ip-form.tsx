/**
 * Adds an address (or CIDR block) of one's own with a comment (MyIPAdd), checked by the contract's
 * rule as typed; an address the list has already shows on the field (IP_EXISTS). `suggest` fills
 * the address this browser signed in from.
 */
import { useEffect } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { myIpAddSchema } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useAddMyIp } from '../api/add-my-ip';
import { keepFocus } from '../lib/keep-focus';

type Field = 'p_address' | 'p_comment';
const EMPTY: Record<Field, string> = { p_address: '', p_comment: '' };
const toBody = (v: Record<Field, string>) => ({ p_address: v.p_address, p_comment: v.p_comment || undefined });
const EXISTS = { IP_EXISTS: ['p_address', 'errors:IP_EXISTS'] } as const;

export interface AddMyIpFormProps {
  /** An address to put into the form (e.g. this browser's), with a new object for each request. */
  suggest: { address: string } | null;
}

export function AddMyIpForm({ suggest }: AddMyIpFormProps) {
  const { t } = useTranslation(['network', 'validation', 'errors']);
  const add = useAddMyIp();
  const form = useSchemaForm<typeof myIpAddSchema, Field>('add-my-ip', myIpAddSchema, EMPTY, toBody);
  const { setValue } = form;
  useEffect(() => {
    if (!suggest) return;
    setValue('p_address', suggest.address);
    document.getElementById('add-my-ip-p_comment')?.focus();
  }, [suggest, setValue]);

  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (row) => {
        notifySuccess(t('network:my_ips.added', { address: row.address }));
        form.reset(EMPTY);
      },
      onError: (e) => {
        const mapped = fieldErrorsFromApi<Field>(e, EXISTS);
        if (mapped) form.setErrors(mapped);
      },
    }),
  );
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);
  const other = add.error && !fieldErrorsFromApi<Field>(add.error, EXISTS) ? add.error : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('network:my_ips.add_title')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('network:my_ips.address_label')}
          placeholder="203.0.113.7"
          autoComplete="off"
          spellCheck={false}
          aria-required
          {...form.bind('p_address')}
          error={err('p_address')}
          style={{ flex: '1 1 200px' }}
          maw={280}
        />
        <TextInput
          label={t('network:my_ips.comment_label')}
          placeholder={t('network:my_ips.comment_placeholder')}
          autoComplete="off"
          {...form.bind('p_comment')}
          error={err('p_comment')}
          style={{ flex: '2 1 220px' }}
          maw={420}
        />
        <Button
          type="submit"
          onMouseDown={keepFocus}
          loading={add.isPending}
          leftSection={<Icon name="plus" size={16} />}
          mt={{ base: 0, xs: 25 }}
        >
          {t('network:my_ips.add')}
        </Button>
      </Group>
      {other && <ErrorAlert error={other} />}
    </form>
  );
}
