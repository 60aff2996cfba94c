/**
 * A page's help text in a collapsible panel (issue 16: every page that has one shows it): staff
 * write it under the page's route name (Helptexts `label=eq.{label}`). With no text there is no
 * panel at all. Whether the reader folded a page's panel away is remembered in this browser.
 */
import { useId, useState } from 'react';
import { Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { CONTENT_PAGE_LABELS } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { useSpaLinks } from '../../../shared/ui/spa-links';
import { useHelptext } from '../api/get-helptext';
import { isFolded, setFolded } from '../lib/folded-help';
import classes from './help-text.module.css';

export interface HelpPanelProps {
  /** The help text's label: the route's name. */
  label: string;
}

const isContentPage = (label: string) => (CONTENT_PAGE_LABELS as readonly string[]).includes(label);

export function HelpPanel({ label }: HelpPanelProps) {
  return isContentPage(label) ? null : <HelpTextPanel label={label} />;
}

function HelpTextPanel({ label }: HelpPanelProps) {
  const { t } = useTranslation('support');
  const html = useHelptext(label).data?.html;
  const onLinkClick = useSpaLinks();
  const [open, setOpen] = useState(() => !isFolded(label));
  const bodyId = useId();
  if (!html) return null;
  const toggle = () => {
    setOpen(!open);
    setFolded(label, open);
  };
  return (
    <Paper withBorder radius="md" mb="md" component="aside" aria-label={t('help.region')} data-testid="help-panel">
      <UnstyledButton onClick={toggle} aria-expanded={open} aria-controls={bodyId} w="100%" px="md" py="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Icon name="info" size={18} />
            <Text fw={600} size="sm">
              {t('help.title')}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" c="dimmed">
            <Text size="xs">{open ? t('help.hide') : t('help.show')}</Text>
            <Icon name={open ? 'chevron-up' : 'chevron-down'} size={16} />
          </Group>
        </Group>
      </UnstyledButton>
      {/* Folded with the hidden attribute, not an animation: Mantine's Collapse would be split off
          the sidebar's chunk, which is part of the first load. */}
      <Box id={bodyId} hidden={!open} px="md" pb="md" className={classes.text}>
        <SafeHtml html={html} component="div" onClick={onLinkClick} />
      </Box>
    </Paper>
  );
}
