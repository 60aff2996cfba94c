/** The search box above a finance list: its label and hint, a search icon; each change goes back to the first page. */
import { TextInput } from '@mantine/core';
import { Icon } from '../../../shared/ui/icons';

export function SearchField(p: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  maw?: number;
}) {
  return (
    <TextInput
      label={p.label}
      placeholder={p.placeholder}
      value={p.value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      leftSection={<Icon name="search" size={16} />}
      style={p.maw ? undefined : { flex: '1 1 240px' }}
      maw={p.maw}
    />
  );
}
