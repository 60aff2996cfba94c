/**
 * The notice of abuse or illegal content (issue 16; EU Digital Services Act art. 16): who reports,
 * where the content is, what kind of abuse, why, and the good-faith statement. The contract's
 * schema checks it here as on the server; the answer is the reference of the receipt mailed to the
 * reporter. What the reporter typed is only ever shown as text.
 */
import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import {
  ABUSE_EXPLANATION_MAX,
  ABUSE_KINDS,
  ABUSE_LOCATION_MAX,
  reportAbuseSchema,
  type ReportAbuseBody,
} from '@portside/contract/schemas/support';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { currentLanguage } from '../../../shared/i18n/language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useReportAbuse } from '../api/report-abuse';
import { isRateLimited } from '../lib/rate-limit';

type Field = 'p_name' | 'p_email' | 'p_location' | 'p_kind' | 'p_explanation' | 'p_good_faith';

const BLANK: Record<Field, string> = { p_name: '', p_email: '', p_location: '', p_kind: '', p_explanation: '', p_good_faith: '' };

/** The form's strings as the call's body, for the schema to check: the statement is true only when ticked. */
function toBody(v: Record<Field, string>): Record<keyof ReportAbuseBody, unknown> {
  return { ...v, p_good_faith: v.p_good_faith === 'true', p_language: currentLanguage() };
}

export interface AbuseReportFormProps {
  /** Called with the reference and the address the receipt went to. */
  onSent: (reference: string, email: string) => void;
}

export function AbuseReportForm({ onSent }: AbuseReportFormProps) {
  const { t } = useTranslation(['support', 'validation']);
  const report = useReportAbuse();
  const form = useSchemaForm<typeof reportAbuseSchema, Field>('abuse', reportAbuseSchema, BLANK, toBody);
  const errorOf = (name: Field) => (form.errors[name] ? translateKey(t, form.errors[name]) : undefined);
  const apiError = report.error && !fieldErrorsFromApi(report.error) ? report.error : null;

  const onSubmit = form.handleSubmit((body) => {
    if (report.isPending) return;
    report.mutate(body, {
      onSuccess: (r) => onSent(r.reference, body.p_email),
      onError: (e) => {
        const fields = fieldErrorsFromApi<Field>(e);
        if (fields) form.setErrors(fields);
      },
    });
  });

  const good = form.bind('p_good_faith');
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="abuse-form-title">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            {...form.bind('p_name')}
            label={t('abuse.name')}
            autoComplete="name"
            required

            error={errorOf('p_name')}
          />
          <TextInput
            {...form.bind('p_email')}
            label={t('abuse.email')}
            description={t('abuse.email_hint')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required

            error={errorOf('p_email')}
          />
        </SimpleGrid>
        <TextInput
          {...form.bind('p_location')}
          label={t('abuse.location')}
          description={t('abuse.location_hint')}
          maxLength={ABUSE_LOCATION_MAX}
          required
          error={errorOf('p_location')}
        />
        <NativeSelect
          {...form.bind('p_kind')}
          label={t('abuse.kind')}
          required
          error={errorOf('p_kind')}
          data={[
            { value: '', label: t('abuse.kind_choose') },
            ...ABUSE_KINDS.map((k) => ({ value: k, label: t(`abuse.kinds.${k}`) })),
          ]}
        />
        <Textarea
          {...form.bind('p_explanation')}
          label={t('abuse.explanation')}
          description={t('abuse.explanation_hint')}
          autosize
          minRows={5}
          maxRows={16}
          maxLength={ABUSE_EXPLANATION_MAX}
          required
          error={errorOf('p_explanation')}
        />
        <Checkbox
          id={good.id}
          name={good.name}
          checked={good.value === 'true'}
          onChange={(e) => form.setValue('p_good_faith', e.currentTarget.checked ? 'true' : '')}
          label={t('abuse.good_faith')}
          error={errorOf('p_good_faith')}
        />
        {apiError &&
          (isRateLimited(apiError) ? (
            <Alert color="red" variant="light" role="alert" title={t('abuse.rate_limited_title')}>
              {t('abuse.rate_limited')}
            </Alert>
          ) : (
            <ErrorAlert error={apiError} />
          ))}
        <Group>
          <Button type="submit" loading={report.isPending}>
            {t('abuse.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
