/**
 * The boot devices in order, to be rearranged: each row is dragged by its handle (mouse, pen or
 * touch: pointer events, so phones work too) or moved with its up and down buttons (keyboard; the
 * focus stays on the moved device and a polite live region says where it went).
 */
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ActionIcon, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { moveDevice, type BootDevice } from '../lib/vm-lifecycle';

export interface BootDeviceListProps {
  devices: readonly BootDevice[];
  onChange: (devices: BootDevice[]) => void;
  disabled?: boolean;
}

export function BootDeviceList({ devices, onChange, disabled = false }: BootDeviceListProps) {
  const { t } = useTranslation('servers');
  const rows = useRef<Array<HTMLElement | null>>([]);
  const buttons = useRef<Map<string, HTMLButtonElement | null>>(new Map());
  const [dragging, setDragging] = useState<BootDevice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const name = (d: BootDevice) => t(`boot_order.devices.${d}`);

  const move = (from: number, to: number, focus?: 'up' | 'down') => {
    if (to < 0 || to >= devices.length || from === to) return;
    const next = moveDevice(devices, from, to);
    const device = devices[from]!;
    onChange(next);
    setAnnouncement(t('boot_order.moved', { device: name(device), position: to + 1, count: next.length }));
    if (focus) {
      // The button keeps the focus unless the device reached the end it points to.
      const edge = focus === 'up' ? to === 0 : to === next.length - 1;
      const target = edge ? (focus === 'up' ? 'down' : 'up') : focus;
      requestAnimationFrame(() => buttons.current.get(`${device}-${target}`)?.focus());
    }
  };

  /** The row under the pointer, by the rows' places on screen. */
  const rowAt = (y: number): number => {
    const rects = rows.current.map((r) => r?.getBoundingClientRect());
    for (let i = 0; i < rects.length; i++) {
      const r = rects[i];
      if (r && y >= r.top && y <= r.bottom) return i;
    }
    const first = rects[0];
    return first && y < first.top ? 0 : devices.length - 1;
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>, device: BootDevice) => {
    if (disabled || e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    setDragging(device);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    if (!dragging) return;
    const from = devices.indexOf(dragging);
    const to = rowAt(e.clientY);
    if (to !== from) move(from, to);
  };
  const endDrag = () => setDragging(null);

  return (
    <>
      <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('boot_order.list_label')}>
        {devices.map((d, i) => (
          <Paper
            component="li"
            key={d}
            ref={(el: HTMLLIElement | null) => {
              rows.current[i] = el;
            }}
            withBorder
            radius="md"
            p="xs"
            shadow={dragging === d ? 'md' : undefined}
            style={dragging === d ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
            data-testid="boot-device"
          >
            <Group gap="sm" wrap="nowrap">
              <ActionIcon
                component="span"
                variant="subtle"
                color="gray"
                aria-hidden
                tabIndex={-1}
                title={t('boot_order.drag_hint')}
                onPointerDown={(e: ReactPointerEvent<HTMLElement>) => onPointerDown(e, d)}
                onPointerMove={onPointerMove}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
                style={{ cursor: disabled ? 'not-allowed' : dragging === d ? 'grabbing' : 'grab', touchAction: 'none' }}
                data-testid={`boot-drag-${d}`}
              >
                <Icon name="grip" size={18} />
              </ActionIcon>
              <Badge variant="light" circle size="lg" aria-hidden>
                {i + 1}
              </Badge>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm">
                  <VisuallyHidden>{t('boot_order.position', { position: i + 1 })} </VisuallyHidden>
                  {name(d)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`boot_order.device_help.${d}`)}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  ref={(el: HTMLButtonElement | null) => {
                    buttons.current.set(`${d}-up`, el);
                  }}
                  variant="default"
                  size="lg"
                  aria-label={t('boot_order.move_up', { device: name(d) })}
                  disabled={disabled || i === 0}
                  onClick={() => move(i, i - 1, 'up')}
                >
                  <Icon name="chevron-up" size={18} />
                </ActionIcon>
                <ActionIcon
                  ref={(el: HTMLButtonElement | null) => {
                    buttons.current.set(`${d}-down`, el);
                  }}
                  variant="default"
                  size="lg"
                  aria-label={t('boot_order.move_down', { device: name(d) })}
                  disabled={disabled || i === devices.length - 1}
                  onClick={() => move(i, i + 1, 'down')}
                >
                  <Icon name="chevron-down" size={18} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
