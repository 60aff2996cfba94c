/**
 * The search box above a long list (staff, finance): it reports the phrase a moment after typing
 * stops (TIMING.searchDebounceMs), so each keystroke does not fetch; the caller goes back to its
 * list's first page on a new phrase.
 */
import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { TIMING } from '@portside/contract/constants';
import { Icon } from './icons';

export interface SearchFieldProps {
  label: string;
  placeholder: string;
  onSearch: (phrase: string) => void;
  /** The phrase it starts with (e.g. from the page's address). */
  initial?: string;
  /** Its widest; it grows to fill a row of filters when not given. */
  maw?: number;
}

export function SearchField({ label, placeholder, onSearch, initial = '', maw = 420 }: SearchFieldProps) {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const id = setTimeout(() => onSearch(value), TIMING.searchDebounceMs);
    return () => clearTimeout(id);
  }, [value, onSearch]);
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      leftSection={<Icon name="search" size={16} />}
      maw={maw}
      style={{ flex: '1 1 240px' }}
    />
  );
}
