/**
 * The provider's status messages as banners at the top of the page (issue 16): the level sets the
 * colour, the automatic 'sync_lost' status shows in the reader's language by its key, and each
 * message can be dismissed for the tab session. Staff messages show as plain text, never as HTML.
 */
import { useEffect } from 'react';
import { Alert, Stack } from '@mantine/core';
import { SYNC_LOST_STATUS_KEY, type InternalStatusRow, type StatusLevel } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { dismissStatus, forgetEnded, statusId, useDismissedStatuses } from '../lib/dismissed-statuses';

const COLOURS: Record<StatusLevel, string> = { info: 'blue', warning: 'yellow', critical: 'red' };
/** The most severe first; within a level, the newest first (as the server orders them). */
const SEVERITY: Record<StatusLevel, number> = { critical: 0, warning: 1, info: 2 };

export interface StatusBannerProps {
  rows: readonly InternalStatusRow[];
  inset?: boolean;
}

export function StatusBanner({ rows, inset = false }: StatusBannerProps) {
  const { t } = useTranslation('support');
  const dismissed = useDismissedStatuses();
  useEffect(() => forgetEnded(rows), [rows]);
  const shown = rows.filter((r) => !dismissed.includes(statusId(r))).sort((a, b) => SEVERITY[a.level] - SEVERITY[b.level]);
  if (shown.length === 0) return null;
  return (
    <Stack
      gap="xs"
      mb="md"
      px={inset ? 'sm' : 0}
      pt={inset ? 'sm' : 0}
      maw={inset ? 960 : undefined}
      mx={inset ? 'auto' : undefined}
      aria-label={t('status.region')}
      component="section"
    >
      {shown.map((row) => {
        const text = row.key === SYNC_LOST_STATUS_KEY ? t('status.sync_lost') : row.message;
        return (
          <Alert
            key={statusId(row)}
            color={COLOURS[row.level]}
            variant="light"
            role={row.level === 'critical' ? 'alert' : 'status'}
            title={t(`status.level.${row.level}`)}
            icon={<Icon name={row.level === 'info' ? 'info' : 'alert'} />}
            withCloseButton
            closeButtonLabel={t('status.dismiss')}
            onClose={() => dismissStatus(row)}
            data-testid="status-banner"
            styles={{ message: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } }}
          >
            {text}
          </Alert>
        );
      })}
    </Stack>
  );
}
