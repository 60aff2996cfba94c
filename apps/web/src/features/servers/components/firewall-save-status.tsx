/**
 * Where the firewall's draft and its last batch stand, above the rules: the draft differs from the
 * saved rules; the rules were changed meanwhile (FIREWALL_CHANGED, or a newer revision seen) with
 * a reload; the batch in progress (about 40 seconds) and its result; and 'Problem saving changes?'
 * with a Retry when the call was refused or the batch failed on the cluster (spec 2 §8).
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { VmRow } from '@portside/contract/schemas/vms';
import { hideAfterMarker } from '@portside/contract/rules/error-presentation';
import { ApiError, errorHtml } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useSpaLinks } from '../../../shared/ui/spa-links';
import type { ApplyState } from '../lib/firewall-draft';
import type { VmDataProgress } from '../lib/use-vm-data-progress';
import { TabProgress } from './live-progress';

export interface FirewallSaveStatusProps {
  vm: VmRow;
  state: ApplyState;
  /** The draft says something else than the saved rules. */
  differs: boolean;
  /** The draft was made from an older revision than the saved one. */
  stale: boolean;
  progress: VmDataProgress | null;
  onCloseProgress: () => void;
  /** The save call: its error is shown here, and Retry sends its last body again. */
  save: Pick<UseMutationResult<unknown, Error, unknown>, 'error' | 'isPending'>;
  /** Sends the draft of the refused call again. */
  onRetry: () => void;
  /** Sends the saved rules again after the cluster failed to apply them; null when a draft differs. */
  onRetryApply: (() => void) | null;
  /** Drops the draft and shows the saved rules. */
  onReload: () => void;
  /** Keeps the draft, now made from the current revision. */
  onRebase: () => void;
}

const isChanged = (e: unknown) => e instanceof ApiError && e.body.code === 'FIREWALL_CHANGED';

export function FirewallSaveStatus(p: FirewallSaveStatusProps) {
  const { t } = useTranslation(['firewall', 'common', 'errors', 'validation']);
  const onLinkClick = useSpaLinks();
  const changed = p.stale || isChanged(p.save.error);
  const refused = p.save.error !== null && !isChanged(p.save.error);
  const failedText = p.progress?.phase === 'error' ? p.progress.text : null;

  return (
    <Stack gap="sm">
      {changed && (
        <Alert color="yellow" variant="light" role="alert" title={t('changed.title')} icon={<Icon name="alert" size={18} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('changed.body')}</Text>
            <Group gap="sm">
              <Button
                size="xs"
                variant="light"
                color="yellow"
                leftSection={<Icon name="refresh" size={14} />}
                onClick={p.onReload}
              >
                {t('changed.reload')}
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={p.onRebase}>
                {t('changed.keep')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {refused && (
        <Alert color="red" variant="light" role="alert" title={t('problem.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('problem.refused')}</Text>
            {/* The refusal as every error is shown (spec 2 §8), inside this alert rather than a second one. */}
            <Text size="sm" component="div">
              <SafeHtml html={hideAfterMarker(errorHtml(p.save.error, t))} onClick={onLinkClick} />
            </Text>
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<Icon name="refresh" size={14} />}
              loading={p.save.isPending}
              onClick={p.onRetry}
            >
              {t('problem.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {!refused && p.state === 'failed' && !p.save.isPending && (
        <Alert color="red" variant="light" role="alert" title={t('problem.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('problem.not_applied')}</Text>
            {failedText && <Text size="sm">{failedText}</Text>}
            {p.onRetryApply ? (
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<Icon name="refresh" size={14} />}
                onClick={p.onRetryApply}
              >
                {t('problem.retry')}
              </Button>
            ) : (
              <Text size="sm">{t('problem.save_draft')}</Text>
            )}
          </Stack>
        </Alert>
      )}
      {p.differs && !changed && !refused && (
        <Alert color="blue" variant="light" role="status" title={t('draft.title')}>
          <Text size="sm">{t('draft.body')}</Text>
        </Alert>
      )}
      {!(p.state === 'failed' && failedText) && <TabProgress vm={p.vm} progress={p.progress} onClose={p.onCloseProgress} />}
      {p.state === 'saving' && (
        <Text size="sm" c="dimmed">
          {t('save.duration')}
        </Text>
      )}
    </Stack>
  );
}
