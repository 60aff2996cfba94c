/**
 * Enrolment at login with a passkey: POST /api/rpc/TwoFactorEnrolPasskeyOptions {p_ticket} gives
 * the creation options, the browser's dialog (its library loaded only then) creates the passkey,
 * and POST /api/rpc/TwoFactorEnrolPasskeyVerify {p_ticket, p_name, p_response} → {token,
 * recovery_codes} turns 2FA on. The session is stored only after the codes were shown.
 */
import { useMutation } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { EnrolAnswer } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';

/** Creates a passkey named `name` for the login of `ticket`; answers the token and the recovery codes. */
export async function enrolWithPasskey({ ticket, name }: { ticket: string; name: string }): Promise<EnrolAnswer> {
  const optionsJSON = await api.rpc<PublicKeyCredentialCreationOptionsJSON>(
    'TwoFactorEnrolPasskeyOptions',
    { p_ticket: ticket },
    { isLogin: true },
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON });
  return api.rpc<EnrolAnswer>(
    'TwoFactorEnrolPasskeyVerify',
    { p_ticket: ticket, p_name: name, p_response: response },
    { isLogin: true },
  );
}

/** Mutation hook of {@link enrolWithPasskey}. */
export function useEnrolWithPasskey() {
  return useMutation({ mutationKey: ['auth', 'TwoFactorEnrolPasskeyVerify'], mutationFn: enrolWithPasskey });
}
