/**
 * Adds a project: one name field with the project name rules shown as the user types (after the
 * first keystroke), the server's answer (e.g. a name taken meanwhile) shown on the field.
 */
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LIMITS } from '@portside/contract/constants';
import { notifySuccess } from '../../../shared/ui/notify';
import { Icon } from '../../../shared/ui/icons';
import { useAddProject } from '../api/add-project';
import type { ProjectChoice } from '../../../shared/api/get-my-projects';
import { fieldKeyOf, projectNameError } from '../lib/name-rules';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';

export function CreateProjectForm({ names }: { names: readonly ProjectChoice[] }) {
  const { t } = useTranslation(['projects', 'validation']);
  const add = useAddProject();
  const notice = useApiErrorNotice();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverKey, setServerKey] = useState<string | null>(null);
  const ruleKey = projectNameError(value, names);
  const shownKey = serverKey ?? (touched ? ruleKey : null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (ruleKey || add.isPending) return;
    add.mutate(
      { p_name: value },
      {
        onSuccess: () => {
          notifySuccess(t('projects:create.created', { name: value }));
          setValue('');
          setTouched(false);
        },
        onError: (err) => {
          const key = fieldKeyOf(err, 'p_name');
          if (key) setServerKey(key);
          else notice(err);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('projects:create.form_label')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('projects:create.label')}
          description={t('projects:create.description', { min: LIMITS.projectNameMin, max: LIMITS.projectNameMax })}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setTouched(true);
            setServerKey(null);
          }}
          error={shownKey ? t(`validation:${shownKey}`) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: '1 1 240px' }}
          maw={420}
        />
        <Button type="submit" loading={add.isPending} leftSection={<Icon name="plus" size={16} />} mt={{ base: 0, xs: 25 }}>
          {t('projects:create.submit')}
        </Button>
      </Group>
    </form>
  );
}
