/**
 * The top bar's global search box (spec 1 §2 'Top bar'): the text is debounced by 300 ms; typing
 * opens the search overlay and clearing the text hides it. On mobile the field comes with a close
 * button (it replaces the sidebar toggler there).
 */
import { lazy, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TIMING } from '@portside/contract/constants';
import { Icon } from '../../../shared/ui/icons';
import { LazyDialog } from '../../../shared/ui/lazy-dialog';

const SearchOverlay = lazy(() => import('./search-overlay').then((m) => ({ default: m.SearchOverlay })));

export interface SearchBoxProps {
  /** Given on mobile: the field shows a close button that hides it again. */
  onClose?: () => void;
  autoFocus?: boolean;
}

export function SearchBox({ onClose, autoFocus }: SearchBoxProps) {
  const { t } = useTranslation('shell');
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value, TIMING.searchDebounceMs);
  const opened = value.trim() !== '' && debounced.trim() !== '';

  const clear = () => setValue('');
  const close = () => {
    clear();
    onClose?.();
  };

  return (
    <>
      <TextInput
        type="search"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        autoFocus={autoFocus}
        leftSection={<Icon name="search" size={16} />}
        rightSection={
          onClose ? (
            <CloseButton aria-label={t('search.close')} onClick={close} />
          ) : value ? (
            <CloseButton aria-label={t('search.clear')} onClick={clear} />
          ) : undefined
        }
        w="100%"
        maw={420}
      />
      <LazyDialog opened={opened}>
        <SearchOverlay opened={opened} value={value} onChange={setValue} phrase={debounced} onClose={close} />
      </LazyDialog>
    </>
  );
}
