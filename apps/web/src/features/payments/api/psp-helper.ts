/**
 * The payment helper (spec 2 §7): a POST with the account's signed path suffix and no body; its
 * text answer (the card provider's public value, e.g. 'test-card') is kept as pspHelperValue in
 * the session state. Asked once per tab session; a failure leaves it unset (the dialogs work
 * without it, only the test mode note is missing).
 */
import { useEffect } from 'react';
import { paymentPaths } from '@portside/contract/payments';
import { accountSalt } from '@portside/contract/hubs';
import { api } from '../../../shared/api/client';
import { notificationAccount, signedAuth } from '../../../shared/live/notification-auth';
import { getSession, setSession, useSession } from '../../../shared/session/store';
import { onSvcHost } from '../lib/svc';

let inFlight: Promise<void> | null = null;

export async function loadPspHelperValue(): Promise<void> {
  const account = notificationAccount(getSession('customerDetails'));
  if (!account) return;
  const auth = await signedAuth(account, accountSalt(account.client, account.secret), Date.now());
  const text = await api.svc<unknown>('POST', onSvcHost(paymentPaths.helper(auth)));
  if (typeof text === 'string' && text.trim()) setSession('pspHelperValue', text.trim());
}

/** The card provider's public value, fetched on first use. */
export function usePspHelperValue(): string | null {
  const value = useSession('pspHelperValue');
  useEffect(() => {
    if (value !== null || inFlight) return;
    inFlight = loadPspHelperValue()
      .catch(() => {})
      .finally(() => {
        inFlight = null;
      });
  }, [value]);
  return value;
}
