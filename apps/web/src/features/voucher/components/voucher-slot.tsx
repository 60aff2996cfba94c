/**
 * The voucher slot of the top bar (spec 1 §4 'Voucher badge and dialog'). With a voucher: a
 * warning-coloured badge with the code and a tooltip of its notes and valid-until date. Without:
 * a red 'Have Voucher?' button. The redeem dialog comes in a later release, so the button is
 * shown disabled with an 'available soon' tooltip. While the profile is loading nothing shows.
 */
import { Badge, Button, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TIMING } from '@portside/contract/constants';
import { useSession } from '../../../shared/session/store';

/** A date in the account's timezone; the raw text when it cannot be formatted. */
function formatDate(value: string, language: string, timeZone: string | undefined): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  }
}

export function VoucherSlot({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const profile = useSession('customerDetails');
  if (!profile) return null;

  const voucher = profile.voucher;
  if (voucher?.voucher) {
    const label = (
      <Stack gap={2}>
        <Text size="sm">{voucher.notes || t('voucher.no_notes')}</Text>
        <Text size="xs">
          {voucher.valid_to
            ? t('voucher.valid_until', { date: formatDate(voucher.valid_to, i18n.language, profile.timezone) })
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
