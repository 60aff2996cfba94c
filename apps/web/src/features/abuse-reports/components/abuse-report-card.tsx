/**
 * One abuse report in the staff's queue: its reference, kind, status and when it came, who sent it,
 * where the content is and why it is abusive, and the decision once taken. Every text of a report
 * comes from anyone on the internet, so it is rendered as React text only (never as HTML, and the
 * location is not a link: it may point at the phishing page itself).
 */
import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AbuseReportRow } from '@portside/contract/schemas/support';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { BreakableEmail } from '../../../shared/ui/breakable-email';
import { STATUS_COLOR } from '../lib/queue-rules';

/** Long unbroken text (URLs, pasted headers) wraps instead of widening the card at 390 px. */
const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {children}
    </div>
  );
}

/**
 * `onDecide` opens the page's decision dialog: it lives above the list, so that it stays open with
 * its error when the list is read again without this report (decided meanwhile by someone else).
 */
export function AbuseReportCard({ report: r, onDecide }: { report: AbuseReportRow; onDecide: () => void }) {
  const { t } = useTranslation(['abuse', 'common']);
  const formatDate = useDateFormat();
  const headingId = `abuse-report-${r.report}`;

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} fz="h4" id={headingId}>
              {t('card.heading', { reference: r.reference })}
            </Title>
            <Text size="xs" c="dimmed">
              {t('card.received', { date: formatDate(r.created_at) })}
            </Text>
          </div>
          <Group gap={6}>
            <Badge variant="outline">{t(`kinds.${r.kind}`)}</Badge>
            <Badge variant="light" color={STATUS_COLOR[r.status]}>
              {t(`statuses.${r.status}`)}
            </Badge>
          </Group>
        </Group>
        <Field label={t('card.reporter')}>
          <Text size="sm" style={WRAP}>
            {r.reporter_name}
          </Text>
          <Text size="sm">
            <BreakableEmail email={r.reporter_email} />
          </Text>
        </Field>
        <Field label={t('card.location')}>
          <Text size="sm" ff="monospace" style={WRAP}>
            {r.location}
          </Text>
        </Field>
        <Field label={t('card.explanation')}>
          <Text size="sm" style={WRAP} data-testid="abuse-explanation">
            {r.explanation}
          </Text>
        </Field>
        {r.status !== 'open' && (
          <Field label={t('card.decision')}>
            <Text size="sm">
              {t(`card.decided_${r.status}`, {
                date: formatDate(r.resolved_at),
                by: r.resolved_by ?? t('card.someone'),
              })}
            </Text>
            <Text size="sm" style={WRAP} c={r.resolution_note ? undefined : 'dimmed'}>
              {r.resolution_note || t('card.no_note')}
            </Text>
          </Field>
        )}
        {r.status === 'open' && (
          <Group>
            <Button onClick={onDecide} aria-label={t('card.decide_named', { reference: r.reference })}>
              {t('card.decide')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
