/**
 * Inline rename: the name as shown with a rename button; editing shows a text field with the name
 * rule checked as the user types, Enter or save sends it, Escape or cancel stops. A rule's
 * 'unchanged' message is said only on an attempt to save; the server's refusal of the field shows
 * under it, any other error in the shell's banner. Used for projects and servers.
 */
import { useState, type ReactNode } from 'react';
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { fieldKeyOf } from '../forms/server-field-errors';
import { Icon } from './icons';
import { useApiErrorNotice } from './use-api-error-notice';

export interface InlineNameEditorProps {
  /** The current name. */
  name: string;
  /** How the name shows while not editing (a link, a heading, ...). */
  children: ReactNode;
  /** The rule's message key for a value, or null when it passes. */
  validate: (value: string) => string | null;
  /** The rule's key for 'same as now', held back while typing. */
  unchangedKey?: string;
  /** Sends the new name; rejects with the API's error. */
  save: (value: string) => Promise<unknown>;
  /** Called once the new name was accepted. */
  onSaved?: (value: string) => void;
  pending: boolean;
  /** The request's field that carries the name. */
  field?: string;
  /** Labels of the rename button, the field, save and cancel. */
  labels: { button: string; field: string; save: string; cancel: string };
  disabled?: boolean;
  /** Smaller controls, for tables. */
  compact?: boolean;
  /** What is sent: the value as typed, or trimmed. */
  normalize?: (value: string) => string;
}

export function InlineNameEditor(p: InlineNameEditorProps) {
  const { t } = useTranslation('validation');
  const notice = useApiErrorNotice();
  const normalize = p.normalize ?? ((v: string) => v);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(p.name);
  const [submitted, setSubmitted] = useState(false);
  const [serverKey, setServerKey] = useState<string | null>(null);

  const ruleKey = p.validate(normalize(value));
  const liveKey = ruleKey !== null && ruleKey === p.unchangedKey && !submitted ? null : ruleKey;
  const shownKey = serverKey ?? liveKey;

  const start = () => {
    setValue(p.name);
    setSubmitted(false);
    setServerKey(null);
    setEditing(true);
  };
  const save = () => {
    setSubmitted(true);
    if (ruleKey || p.pending) return;
    const next = normalize(value);
    p.save(next).then(
      () => {
        setEditing(false);
        p.onSaved?.(next);
      },
      (e: unknown) => {
        const key = fieldKeyOf(e, p.field ?? 'p_name');
        if (key) setServerKey(key);
        else notice(e);
      },
    );
  };

  const icon = p.compact ? 16 : 18;
  if (!editing) {
    return (
      <Group gap={p.compact ? 4 : 6} wrap="nowrap" miw={0}>
        {p.children}
        <ActionIcon
          variant="subtle"
          size={p.compact ? 'sm' : undefined}
          onClick={start}
          disabled={p.disabled}
          aria-label={p.labels.button}
        >
          <Icon name="edit" size={icon} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        size={p.compact ? 'xs' : undefined}
        aria-label={p.labels.field}
        value={value}
        autoFocus
        error={shownKey ? t(`validation:${shownKey}`) : undefined}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setServerKey(null);
          setSubmitted(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') setEditing(false);
        }}
        miw={p.compact ? 160 : 0}
        style={p.compact ? undefined : { flex: 1, maxWidth: 360 }}
      />
      <ActionIcon
        size={p.compact ? undefined : 'lg'}
        mt={p.compact ? 2 : undefined}
        onClick={save}
        loading={p.pending}
        aria-label={p.labels.save}
      >
        <Icon name="check" size={16} />
      </ActionIcon>
      <ActionIcon
        size={p.compact ? undefined : 'lg'}
        mt={p.compact ? 2 : undefined}
        variant="default"
        onClick={() => setEditing(false)}
        disabled={p.pending}
        aria-label={p.labels.cancel}
      >
        <Icon name="close" size={16} />
      </ActionIcon>
    </Group>
  );
}
