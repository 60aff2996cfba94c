/**
 * POST /api/rpc/PasskeyRegisterVerify {p_name, p_response} → {id, name, recovery_codes?}: stores
 * the passkey the browser created (with ten recovery codes, shown once, when the user had none). The hook runs the whole registration: options, the browser's dialog (its
 * library loaded only then), this call.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationResponseJSON } from '@simplewebauthn/browser';
import { api } from '../../../shared/api/client';
import { twoFactorKey } from './get-my-two-factor';
import { passkeysKey } from './get-my-passkeys';
import { passkeyRegisterOptions } from './passkey-register-options';

/** What storing a passkey answers: its id and name, and recovery codes when the user had none left. */
export interface PasskeyRegistered {
  id: number;
  name: string;
  recovery_codes?: string[];
}

/** Stores a created passkey under `name`. */
export function passkeyRegisterVerify(name: string, response: RegistrationResponseJSON): Promise<PasskeyRegistered> {
  return api.rpc<PasskeyRegistered>('PasskeyRegisterVerify', { p_name: name, p_response: response });
}

/** Registers a passkey named `name`: options, the browser's dialog, then the check. */
export async function registerPasskey(name: string): Promise<PasskeyRegistered> {
  const optionsJSON = await passkeyRegisterOptions();
  const { startRegistration } = await import('@simplewebauthn/browser');
  return passkeyRegisterVerify(name, await startRegistration({ optionsJSON }));
}

/** Mutation hook of {@link registerPasskey}. */
export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor', 'PasskeyRegisterVerify'],
    mutationFn: registerPasskey,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
      await queryClient.invalidateQueries({ queryKey: twoFactorKey });
    },
  });
}
