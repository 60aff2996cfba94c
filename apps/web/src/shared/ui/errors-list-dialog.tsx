/**
 * The 'Errors List' dialog (spec 1 §2 Modals): every collected error, each closable, 750 px wide.
 */
import { Button, CloseButton, Group, Modal, Paper, Stack } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { LAYOUT } from '@portside/contract/constants';
import { hideAfterMarker } from '@portside/contract/rules/error-presentation';
import { SafeHtml } from './safe-html';
import { useSpaLinks } from './spa-links';

export interface ErrorsListDialogProps {
  opened: boolean;
  errors: readonly { id: number; message: string }[];
  onClose: () => void;
  onDismiss: (id: number) => void;
  onClearAll: () => void;
}

export function ErrorsListDialog({ opened, errors, onClose, onDismiss, onClearAll }: ErrorsListDialogProps) {
  const { t } = useTranslation('common');
  const onLinkClick = useSpaLinks();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('banners.errors_list_title')}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="xs">
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {errors.map((e) => (
            <Paper component="li" key={e.id} withBorder p="sm" c="red">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <SafeHtml
                  html={hideAfterMarker(e.message)}
                  onClick={(ev) => {
                    onLinkClick(ev);
                    if (ev.defaultPrevented) onClose();
                  }}
                />
                <CloseButton aria-label={t('banners.close_error')} onClick={() => onDismiss(e.id)} />
              </Group>
            </Paper>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClearAll}>
            {t('banners.clear_all')}
          </Button>
          <Button onClick={onClose}>{t('actions.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
