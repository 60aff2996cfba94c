/**
 * The signed path of an agreement call on the payment and service host (spec 2 §7, DESIGN §3),
 * made in the browser as the other account calls of the host are: SHA-512 over the lower-cased
 * e-mail, the epoch and the account salt (client id + the user's notification secret).
 */
import { accountSalt } from '@portside/contract/hubs';
import { resellerAgreementPaths } from '@portside/contract/schemas/reseller';
import { notificationAccount, onHost, signedAuth } from '../../../shared/live/notification-auth';
import { getSession } from '../../../shared/session/store';

export async function agreementUrl(call: keyof typeof resellerAgreementPaths, now = Date.now()): Promise<string> {
  const account = notificationAccount(getSession('customerDetails'));
  // Without the account's details the call cannot be signed: the host refuses it as unsigned.
  if (!account) throw new Error('The account details are not loaded');
  return onHost(resellerAgreementPaths[call](await signedAuth(account, accountSalt(account.client, account.secret), now)));
}
