/**
 * The search field of the network pages: what is typed is passed on after the spec's 300 ms
 * debounce (spec 2 §9), and each change goes back to the first page.
 */
import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@portside/contract/constants';
import { Icon } from '../../../shared/ui/icons';

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  onSearch: (text: string) => void;
}

export function SearchBox({ label, placeholder, onSearch }: SearchBoxProps) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, TIMING.searchDebounceMs);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      leftSection={<Icon name="search" size={16} />}
      maw={360}
      w="100%"
    />
  );
}
