/**
 * The full-screen search overlay (spec 1 §2 Modals). It holds its own copy of the search field so
 * typing goes on once it covers the top bar. Below 576 px its close button is hidden; the field's
 * own close button takes over.
 */
import { CloseButton, Container, Modal, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LAYOUT, LIMITS } from '@portside/contract/constants';
import { Icon } from '../../../shared/ui/icons';
import { useSearchIpsets } from '../api/get-search-ipsets';
import { useSearchServers } from '../api/get-search-servers';
import { useSearchUsers } from '../api/get-search-users';
import { SearchSections } from './search-sections';

export interface SearchOverlayProps {
  opened: boolean;
  value: string;
  onChange: (value: string) => void;
  /** The debounced phrase the results are for. */
  phrase: string;
  /** Closes the overlay and clears the search. */
  onClose: () => void;
}

export function SearchOverlay({ opened, value, onChange, phrase, onClose }: SearchOverlayProps) {
  const { t } = useTranslation('shell');
  const mobile = useMediaQuery(`(max-width: ${LAYOUT.mobileBelowPx - 0.02}px)`) ?? false;
  const tooShort = phrase.trim().length < LIMITS.minSearchPhrase;
  // Opening loads servers, IP sets and users (spec 1 §4 'Search overlay'), each behind its claim.
  const servers = useSearchServers(phrase, opened);
  const ipsets = useSearchIpsets(phrase, opened);
  const users = useSearchUsers(phrase, opened);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      zIndex={LAYOUT.overlayZIndex}
      title={t('search.title')}
      withCloseButton={!mobile}
      closeButtonProps={{ 'aria-label': t('search.close') }}
      transitionProps={{ duration: 0 }}
    >
      <Container size="md" px={0}>
        <TextInput
          data-autofocus
          type="search"
          size="md"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          // Keep the caret after the text already typed in the top bar.
          onFocus={(e) => e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)}
          leftSection={<Icon name="search" size={16} />}
          rightSection={mobile ? <CloseButton aria-label={t('search.close')} onClick={onClose} /> : undefined}
          mb="md"
        />
        {tooShort ? (
          <Text c="dimmed" size="sm" mb="md">
            {t('search.min_chars', { count: LIMITS.minSearchPhrase })}
          </Text>
        ) : (
          <Text c="dimmed" size="sm" mb="md" aria-live="polite">
            {t('search.results_for', { phrase: phrase.trim() })}
          </Text>
        )}
        <SearchSections results={{ servers, ipsets, users }} onPick={onClose} />
      </Container>
    </Modal>
  );
}
