/**
 * Edits an IP set's name and comment (PATCH /api/MyIpsets?ipset=eq.{id}, spec 2 §7). Only what
 * changed is sent; the name follows the same rule as a new set's (no spaces), and a name another
 * set has shows on the name field.
 */
import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { LAYOUT } from '@portside/contract/constants';
import { updateIpsetSchema, type IpsetRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorHtml } from '../../../shared/api/client';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { notifySuccess } from '../../../shared/ui/notify';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useUpdateIpset } from '../api/update-ipset';
import { keepFocus } from '../lib/keep-focus';

type Field = 'name' | 'comment';
const NAME_TAKEN = { IPSET_NAME_TAKEN: ['name', 'errors:IPSET_NAME_TAKEN'] } as const;

export interface EditIpsetDialogProps {
  ipset: IpsetRow;
  opened: boolean;
  onClose: () => void;
}

export function EditIpsetDialog({ ipset, opened, onClose }: EditIpsetDialogProps) {
  const { t } = useTranslation(['network', 'validation', 'errors', 'common']);
  const update = useUpdateIpset(ipset.ipset);
  // Only the fields that changed go into the body; an unchanged form sends nothing. The schema
  // checks the id too, which the PATCH names in its filter rather than in the body.
  const toBody = (v: Record<Field, string>) => ({
    name: v.name !== ipset.name ? v.name : undefined,
    comment: v.comment !== ipset.comment ? v.comment : undefined,
    p_ipset: ipset.ipset,
  });
  const form = useSchemaForm<typeof updateIpsetSchema, Field>(
    'edit-ipset',
    updateIpsetSchema,
    { name: ipset.name, comment: ipset.comment },
    toBody,
  );
  const { reset } = form;
  useEffect(() => {
    if (opened) reset({ name: ipset.name, comment: ipset.comment });
  }, [opened, ipset.name, ipset.comment, reset]);

  const close = () => {
    if (update.isPending) return;
    update.reset();
    onClose();
  };
  const unchanged = form.values.name.trim() === ipset.name && form.values.comment.trim() === ipset.comment;
  const save = form.handleSubmit(({ p_ipset: _id, ...body }) => {
    update.mutate(body, {
      onSuccess: (row) => {
        notifySuccess(t('network:edit.saved', { name: row?.name ?? body.name ?? ipset.name }));
        close();
      },
      onError: (e) => {
        const mapped = fieldErrorsFromApi<Field>(e, NAME_TAKEN);
        if (mapped) form.setErrors(mapped);
      },
    });
  });
  // Nothing changed: nothing to send (the schema asks for at least one field).
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (unchanged) close();
    else save();
  };
  const fieldError = fieldErrorsFromApi<Field>(update.error, NAME_TAKEN);
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('network:edit.title', { name: ipset.name })}
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
            {...form.bind('name')}
            error={err('name')}
          />
          <TextInput
            label={t('network:create.comment_label')}
            autoComplete="off"
            {...form.bind('comment')}
            error={err('comment')}
          />
          {update.error && !fieldError && (
            <Alert color="red" variant="light" role="alert">
              <SafeHtml html={errorHtml(update.error, t)} />
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={update.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" onMouseDown={keepFocus} loading={update.isPending}>
              {t('network:edit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
