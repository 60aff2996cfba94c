/**
 * The voucher slot of the top bar and the small-screen sidebar (spec 1 §4 'Voucher badge and
 * dialog'). While the profile is loading nothing shows. With a voucher: a warning-coloured badge
 * with the code and a tooltip of its notes and valid-until date. Without: a red 'Have Voucher?'
 * button. Either opens the voucher dialog (both are buttons, so the keyboard opens it too).
 * Redeeming is billing (docs/access.md): users without billing-manage see the account's voucher
 * and a read-only dialog, and no 'Have Voucher?' button.
 */
import { lazy, useState } from 'react';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TIMING } from '@portside/contract/constants';
import { hasClaim } from '@portside/contract/rules/menu-access';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useSession } from '../../../shared/session/store';
import { LazyTooltip } from '../../../shared/ui/lazy-tooltip';

const VoucherDialog = lazy(() => import('./voucher-dialog').then((m) => ({ default: m.VoucherDialog })));
import { LazyDialog } from '../../../shared/ui/lazy-dialog';

const TOOLTIP = {
  withArrow: true,
  transitionProps: { duration: TIMING.tooltipFadeMs },
  events: { hover: true, focus: true, touch: true },
};

export function VoucherSlot({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation('voucher');
  const profile = useSession('customerDetails');
  const formatDate = useDateFormat();
  const [opened, setOpened] = useState(false);
  if (!profile) return null;
  if (!hasClaim(profile, 'billing-manage') && !profile.voucher?.voucher) return null;

  const open = () => setOpened(true);
  const voucher = profile.voucher;
  const trigger = voucher?.voucher ? (
    <LazyTooltip
      {...TOOLTIP}
      multiline
      w={260}
      label={
        <Stack gap={2}>
          <Text size="sm">{voucher.notes || t('no_notes')}</Text>
          <Text size="xs">
            {voucher.valid_to ? t('valid_until', { date: formatDate(voucher.valid_to, { style: 'date' }) }) : t('no_expiry')}
          </Text>
        </Stack>
      }
    >
      <Badge
        component="button"
        type="button"
        onClick={open}
        aria-haspopup="dialog"
        color="yellow"
        variant="filled"
        size="lg"
        fullWidth={fullWidth}
        aria-label={t('badge_label', { code: voucher.voucher })}
        tt="none"
        style={{ cursor: 'pointer' }}
      >
        {voucher.voucher}
      </Badge>
    </LazyTooltip>
  ) : (
    <Button color="red" size="xs" fullWidth={fullWidth} onClick={open} aria-haspopup="dialog">
      {t('have_voucher')}
    </Button>
  );

  // The dialog stays mounted across the switch from button to badge that a redeemed voucher makes.
  return (
    <>
      {trigger}
      <LazyDialog opened={opened}>
        <VoucherDialog opened={opened} onClose={() => setOpened(false)} profile={profile} />
      </LazyDialog>
    </>
  );
}
