/**
 * A password input whose show/hide toggle is reachable by keyboard and named without the word
 * "password", so `getByLabel('Password')` finds only the input. Mantine's PasswordInput does not
 * set aria-invalid on its input as TextInput does, so an invalid password is marked here.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation(['auth']);
  return (
    <PasswordInput
      autoComplete="current-password"
      visibilityToggleButtonProps={{ 'aria-label': t('auth:common.toggle_visibility') }}
      visibilityToggleFocusable
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
