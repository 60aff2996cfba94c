/** The service's comment (spec 1 'My Services: comment'): at most 500 characters; empty removes it. */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { myServiceCommentSchema, SERVICE_COMMENT_MAX, type MyService } from '@portside/contract/schemas/services';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useMyServiceComment } from '../api/my-service-comment';

export function CommentEditor({ service }: { service: MyService }) {
  const { t } = useTranslation(['services', 'validation', 'common']);
  const save = useMyServiceComment();
  const [value, setValue] = useState(service.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => setValue(service.comment ?? ''), [service.comment]);

  const changed = value.trim() !== (service.comment ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = myServiceCommentSchema.safeParse({ p_equipment_id: service.equipment_id, p_comment: value });
    if (!parsed.success) return setError(fieldErrors(parsed.error).p_comment ?? 'invalid_data');
    setError(null);
    save.mutate(parsed.data, { onSuccess: () => notifySuccess(t('services:comment.saved')), onError: setFailure });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('services:comment.label')}
          placeholder={t('services:comment.placeholder')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error ? t(`validation:${error}`) : undefined}
          description={t('services:comment.limit', { count: SERVICE_COMMENT_MAX - value.trim().length })}
          autosize
          minRows={2}
          maxRows={8}
        />
        <ErrorAlert error={failure} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending} disabled={!changed}>
            {t('services:comment.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
