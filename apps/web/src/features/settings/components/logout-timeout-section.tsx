/**
 * Logout after N minutes (spec 1 §1, §2 Settings): 1–1440 minutes without activity, in every tab
 * of the browser. Saving answers a token with the new lifetime, so it holds at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Skeleton, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LOGOUT_MINUTES, profileUpdateTimeoutSchema } from '@portside/contract/schemas/settings';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { QueryState } from '../../../shared/ui/query-state';
import { useLogoutTime } from '../api/get-logout-time';
import { useUpdateTimeout } from '../api/update-timeout';
import { Section } from './section';

const toBody = (v: { p_minutes: string }) => ({ p_minutes: v.p_minutes.trim() === '' ? undefined : Number(v.p_minutes) });

export function LogoutTimeoutSection() {
  const { t } = useTranslation(['settings', 'validation']);
  const current = useLogoutTime();
  const mutation = useUpdateTimeout();
  const form = useSchemaForm('logout-timeout', profileUpdateTimeoutSchema, { p_minutes: '' }, toBody);
  const [saved, setSaved] = useState<number | null>(null);
  const filled = useRef(false);

  const { reset } = form;
  useEffect(() => {
    if (filled.current || current.data == null) return;
    filled.current = true;
    reset({ p_minutes: String(current.data) });
  }, [current.data, reset]);

  const submit = form.handleSubmit((body) => {
    setSaved(null);
    mutation.mutate(body, {
      onSuccess: (answer) => setSaved(answer.logout_after_minutes),
      onError: (e) => {
        const fields = fieldErrorsFromApi<'p_minutes'>(e);
        if (fields) form.setErrors(fields);
      },
    });
  });

  return (
    <Section id="logout-timeout" title={t('settings:timeout.title')} intro={t('settings:timeout.intro')}>
      <QueryState
        query={current}
        loadingLabel={t('settings:timeout.loading')}
        skeleton={<Skeleton h={60} maw={320} radius="sm" />}
      >
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              {...form.bind('p_minutes')}
              type="number"
              inputMode="numeric"
              min={LOGOUT_MINUTES.min}
              max={LOGOUT_MINUTES.max}
              step={1}
              w={{ base: '100%', xs: 260 }}
              label={t('settings:timeout.label')}
              description={t('settings:timeout.hint', { min: LOGOUT_MINUTES.min, max: LOGOUT_MINUTES.max })}
              error={form.errors.p_minutes ? translateKey(t, form.errors.p_minutes) : undefined}
              required
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={mutation.isPending}>
              {t('settings:save')}
            </Button>
          </Group>
        </form>
      </QueryState>
      {saved !== null && (
        <Alert color="green" variant="light" role="status">
          {t('settings:timeout.saved', { minutes: saved })}
        </Alert>
      )}
      {mutation.error && !fieldErrorsFromApi(mutation.error) ? <ErrorAlert error={mutation.error} /> : null}
    </Section>
  );
}
