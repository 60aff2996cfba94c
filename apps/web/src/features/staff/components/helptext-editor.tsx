/**
 * Writing one help text: its label (chosen or typed for a new one, fixed for an existing one), the
 * HTML and, beside it (under it at 390 px), a live preview rendered through SafeHtml as customers
 * will see it. The server sanitises once more when it saves. Saving an empty text removes it (the
 * page's default shows again), after a confirmation.
 */
import { useEffect, useState } from 'react';
import { Autocomplete, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { HELPTEXT_HTML_MAX } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { isValidLabel, PAGE_LABELS } from '../lib/helptext-labels';

export interface HelptextEditorProps {
  opened: boolean;
  /** The text edited, or null for a new one. */
  initial: { label: string; html: string } | null;
  saving: boolean;
  error: unknown;
  onSave: (label: string, html: string) => void;
  onClose: () => void;
}

export function HelptextEditor({ opened, initial, saving, error, onSave, onClose }: HelptextEditorProps) {
  const { t } = useTranslation('staff');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [label, setLabel] = useState('');
  const [html, setHtml] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setLabel(initial?.label ?? '');
    setHtml(initial?.html ?? '');
    setTouched(false);
  }, [opened, initial]);

  const labelError = touched && !isValidLabel(label.trim()) ? t('helptexts.label_invalid') : null;
  const submit = () => {
    setTouched(true);
    if (!isValidLabel(label.trim())) return;
    if (html.trim() === '') {
      if (initial) setConfirmRemove(true);
      return;
    }
    onSave(label.trim(), html);
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={() => !saving && onClose()}
        title={initial ? t('helptexts.edit_title', { label: initial.label }) : t('helptexts.new_title')}
        closeButtonProps={{ 'aria-label': t('close') }}
        size="70rem"
        fullScreen={narrow}
      >
        <Stack gap="md">
          {initial ? null : (
            <Autocomplete
              label={t('helptexts.label')}
              description={t('helptexts.label_hint')}
              data={PAGE_LABELS as string[]}
              value={label}
              onChange={setLabel}
              onBlur={() => setTouched(true)}
              error={labelError}
              required
              maxLength={64}
              limit={50}
            />
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Textarea
              label={t('helptexts.html')}
              description={t('helptexts.html_hint')}
              value={html}
              onChange={(e) => setHtml(e.currentTarget.value)}
              autosize
              minRows={10}
              maxRows={24}
              maxLength={HELPTEXT_HTML_MAX}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              error={touched && html.trim() === '' && !initial ? t('helptexts.html_empty') : null}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="helptext-preview-title">
                {t('helptexts.preview')}
              </Text>
              <Paper withBorder radius="md" p="md" mih={200} component="section" aria-labelledby="helptext-preview-title">
                {html.trim() === '' ? (
                  <Text c="dimmed" size="sm">
                    {t('helptexts.preview_empty')}
                  </Text>
                ) : (
                  <SafeHtml html={html} component="div" />
                )}
              </Paper>
            </Stack>
          </SimpleGrid>
          <ErrorAlert error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('cancel')}
            </Button>
            <Button onClick={submit} loading={saving}>
              {html.trim() === '' && initial ? t('helptexts.remove') : t('helptexts.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={confirmRemove}
        title={t('helptexts.remove_title', { label: initial?.label ?? '' })}
        confirmLabel={t('helptexts.remove')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        loading={saving}
        onConfirm={() => {
          setConfirmRemove(false);
          onSave(label.trim(), '');
        }}
        onClose={() => setConfirmRemove(false)}
      >
        <Text size="sm">{t('helptexts.remove_body')}</Text>
      </ConfirmDialog>
    </>
  );
}
