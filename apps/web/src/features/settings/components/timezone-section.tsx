/**
 * The account's timezone (spec 1 §1): a name of the Timezones list. Every date the portal shows
 * is in this timezone; the current time is shown as an example, before and after saving.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { profileUpdateTimezoneSchema } from '@portside/contract/schemas/settings';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { formatDateTime, intlLocale } from '../../../shared/format/date';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { translateKey, validationKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSession } from '../../../shared/session/store';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { QueryState } from '../../../shared/ui/query-state';
import { useTimezones } from '../api/get-timezones';
import { useUpdateTimezone } from '../api/update-timezone';
import { Section } from './section';

/** The current time, updated every `ms`. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

export function TimezoneSection() {
  const { t, i18n } = useTranslation(['settings', 'validation']);
  const saved = useSession('customerDetails')?.timezone ?? 'UTC';
  const zones = useTimezones();
  const mutation = useUpdateTimezone();
  const format = useDateFormat();
  const now = useNow(15_000);
  const [choice, setChoice] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const options = useMemo(
    () => (zones.data ?? []).map((z) => ({ value: z.name, label: `${z.name} (UTC${z.utc_offset})` })),
    [zones.data],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const parsed = profileUpdateTimezoneSchema.safeParse({ p_timezone: choice });
    if (!parsed.success) {
      setError(validationKey(fieldErrors(parsed.error).p_timezone ?? 'invalid_data'));
      return;
    }
    setError(null);
    mutation.mutate(parsed.data, {
      onSuccess: () => setDone(true),
      onError: (err) => setError(fieldErrorsFromApi<'p_timezone'>(err)?.p_timezone ?? null),
    });
  };

  return (
    <Section id="timezone" title={t('settings:timezone.title')} intro={t('settings:timezone.intro')}>
      <Text size="sm" data-testid="current-time">
        {t('settings:timezone.current', { zone: saved, time: format(now, { withOffset: true }) })}
      </Text>
      <QueryState
        query={zones}
        loadingLabel={t('settings:timezone.loading')}
        skeleton={<Skeleton h={60} maw={420} radius="sm" />}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Group align="flex-start" gap="sm">
              <Select
                id="timezone-p_timezone"
                label={t('settings:timezone.label')}
                data={options}
                value={choice}
                onChange={(v) => {
                  setChoice(v ?? '');
                  setError(null);
                  setDone(false);
                }}
                searchable
                nothingFoundMessage={t('settings:timezone.nothing_found')}
                maxDropdownHeight={280}
                w={{ base: '100%', xs: 380 }}
                error={error ? translateKey(t, error) : undefined}
                comboboxProps={{ withinPortal: true }}
                required
              />
              <Button type="submit" mt={{ base: 0, xs: 25 }} loading={mutation.isPending} disabled={choice === saved}>
                {t('settings:save')}
              </Button>
            </Group>
            {choice && choice !== saved && (
              <Text size="sm" c="dimmed">
                {t('settings:timezone.preview', {
                  zone: choice,
                  time: formatDateTime(now, { timeZone: choice, locale: intlLocale(i18n.language), withOffset: true }),
                })}
              </Text>
            )}
          </Stack>
        </form>
      </QueryState>
      {done && (
        <Alert color="green" variant="light" role="status">
          {t('settings:timezone.saved', { zone: saved })}
        </Alert>
      )}
      {mutation.error && !fieldErrorsFromApi(mutation.error) ? <ErrorAlert error={mutation.error} /> : null}
    </Section>
  );
}
