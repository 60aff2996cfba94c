/**
 * The error summary above a form (spec 1 §5): the header 'Please correct the following errors
 * before continuing.' and one line per invalid field, each linking to (focusing) its input.
 */
import { Alert, Anchor, List } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { translateKey } from '../../../shared/forms/field-messages';

interface FormErrorsProps<F extends string> {
  /** Field → i18n key of its error. */
  errors: Partial<Record<F, string>>;
  /** Fields in display order, with their input ids and (translated) labels. */
  fields: ReadonlyArray<{ name: F; id: string; label: string }>;
  /** Messages not tied to a field. */
  general?: readonly string[];
}

export function FormErrors<F extends string>({ errors, fields, general = [] }: FormErrorsProps<F>) {
  const { t } = useTranslation(['auth', 'validation']);
  const items = fields.flatMap((f) => {
    const key = errors[f.name];
    return key ? [{ ...f, text: translateKey(t, key) }] : [];
  });
  const known = new Set<string>(fields.map((f) => f.name));
  const others = Object.entries(errors as Record<string, string | undefined>)
    .filter(([name, key]) => key && !known.has(name))
    .map(([, key]) => translateKey(t, key as string));
  const extra = [...general, ...others];
  if (items.length === 0 && extra.length === 0) return null;

  return (
    <Alert color="red" variant="light" title={t('validation:form_error_header')}>
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={item.name}>
            <Anchor
              href={`#${item.id}`}
              size="sm"
              c="red"
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(item.id)?.focus();
              }}
            >
              {item.label}: {item.text}
            </Anchor>
          </List.Item>
        ))}
        {extra.map((text) => (
          <List.Item key={text}>{text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
