/**
 * Deciding an abuse report: acted on the content (resolved) or no breach found (rejected), and a
 * note to the reporter, who is e-mailed the decision with it (DSA art. 16(5)). The body is checked
 * with the contract's schema before the call; the server's errors show in the catalogue's shape.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { fieldErrors } from '@portside/contract/schemas/issues';
import { resolveAbuseReportSchema } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { ABUSE_NOTE_MAX, type AbuseDecision } from '../lib/queue-rules';

export interface DecideDialogProps {
  opened: boolean;
  report: number;
  reference: string;
  loading: boolean;
  error: unknown;
  onDecide: (status: AbuseDecision, note: string | undefined) => void;
  onClose: () => void;
}

export function DecideDialog(p: DecideDialogProps) {
  const { t } = useTranslation(['abuse', 'validation', 'common', 'errors']);
  const [status, setStatus] = useState<AbuseDecision | ''>('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<{ status?: string; note?: string }>({});

  useEffect(() => {
    if (p.opened) {
      setStatus('');
      setNote('');
      setInvalid({});
    }
  }, [p.opened]);

  const submit = () => {
    const parsed = resolveAbuseReportSchema.safeParse({ p_report: p.report, p_status: status, p_note: note });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      setInvalid({
        status: errors.p_status ? 'decide.choose' : undefined,
        note: errors.p_note ? `validation:${errors.p_note}` : undefined,
      });
      return;
    }
    setInvalid({});
    p.onDecide(parsed.data.p_status, parsed.data.p_note || undefined);
  };

  return (
    <Modal
      opened={p.opened}
      onClose={() => !p.loading && p.onClose()}
      title={t('decide.title', { reference: p.reference })}
      centered
      closeOnClickOutside={!p.loading}
      closeOnEscape={!p.loading}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Radio.Group
          label={t('decide.decision')}
          value={status}
          onChange={(v) => setStatus(v === 'resolved' || v === 'rejected' ? v : '')}
          error={invalid.status ? t(invalid.status) : undefined}
          required
        >
          <Stack gap="sm" mt="xs">
            <Radio value="resolved" label={t('decide.resolved')} description={t('decide.resolved_hint')} data-autofocus />
            <Radio value="rejected" label={t('decide.rejected')} description={t('decide.rejected_hint')} />
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('decide.note_label')}
          description={t('decide.note_hint')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={ABUSE_NOTE_MAX}
          autosize
          minRows={3}
          maxRows={10}
          error={invalid.note ? t(invalid.note) : undefined}
        />
        <Text size="xs" c="dimmed" ta="right">
          {t('decide.note_count', { count: note.length, max: ABUSE_NOTE_MAX })}
        </Text>
        <Text size="sm">{t('decide.mail_notice')}</Text>
        <ErrorAlert error={p.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={p.onClose} disabled={p.loading}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={submit} loading={p.loading}>
            {t('decide.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
