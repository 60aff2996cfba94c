/**
 * The voucher slot of the top bar (spec 1 §4 'Voucher badge and dialog'). With a voucher: a
 * warning-coloured badge with the code and a tooltip of its notes and valid-until date. Without:
 * a red 'Have Voucher?' button. The redeem dialog comes in a later release, so the button is
 * shown disabled with an 'available soon' tooltip. While the profile is loading nothing shows.
 */
import { Badge, Button, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TIMING } from '@portside/contract/constants';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useSession } from '../../../shared/session/store';

export function VoucherSlot({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation('shell');
  const profile = useSession('customerDetails');
  const formatDate = useDateFormat();
  if (!profile) return null;

  const voucher = profile.voucher;
  if (voucher?.voucher) {
    const label = (
      <Stack gap={2}>
        <Text size="sm">{voucher.notes || t('voucher.no_notes')}</Text>
        <Text size="xs">
          {voucher.valid_to
            ? t('voucher.valid_until', { date: formatDate(voucher.valid_to, { style: 'date' }) })
            : t('voucher.no_expiry')}
        </Text>
      </Stack>
    );
    return (
      <Tooltip label={label} multiline w={260} withArrow transitionProps={{ duration: TIMING.tooltipFadeMs }} events={{ hover: true, focus: true, touch: true }}>
        <Badge
          color="yellow"
          variant="filled"
          size="lg"
          tabIndex={0}
          fullWidth={fullWidth}
          aria-label={t('voucher.badge_label', { code: voucher.voucher })}
          tt="none"
        >
          {voucher.voucher}
        </Badge>
      </Tooltip>
    );
  }

  return (
    <Tooltip label={t('voucher.available_soon')} withArrow transitionProps={{ duration: TIMING.tooltipFadeMs }} events={{ hover: true, focus: true, touch: true }}>
      <Button
        color="red"
        size="xs"
        fullWidth={fullWidth}
        aria-disabled="true"
        onClick={(e) => e.preventDefault()}
        style={{ cursor: 'not-allowed', opacity: 0.75 }}
      >
        {t('voucher.have_voucher')}
      </Button>
    </Tooltip>
  );
}
