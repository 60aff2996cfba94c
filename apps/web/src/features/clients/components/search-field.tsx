/**
 * The search box of a staff list: it reports the phrase a moment after typing stops, so each
 * keystroke does not fetch; the list goes back to its first page on a new phrase.
 */
import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { Icon } from '../../../shared/ui/icons';

export interface SearchFieldProps {
  label: string;
  placeholder: string;
  onSearch: (phrase: string) => void;
  /** The phrase it starts with (e.g. from the page's address). */
  initial?: string;
}

const DELAY_MS = 300;

export function SearchField({ label, placeholder, onSearch, initial = '' }: SearchFieldProps) {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const id = setTimeout(() => onSearch(value), DELAY_MS);
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
      maw={420}
    />
  );
}
