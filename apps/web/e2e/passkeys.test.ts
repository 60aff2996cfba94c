/**
 * Passkeys as a second factor (issue 19) through the real browser with Chromium's virtual
 * authenticator (DevTools protocol WebAuthn domain): a user adds a passkey in settings (the first
 * one brings ten recovery codes, shown once), logs out, logs in with the password and a recovery
 * code, then with the passkey, renews the recovery codes with an unused one, renames it, and removes the
 * passkey again with the password and the passkey's own signature (its recovery codes go too); a
 * user whose account requires 2FA enrols with a passkey at login. WebAuthn needs a host name, so
 * the portal is opened (and its PUBLIC_URL set) as localhost.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';
import { hidden, onPath, shot, submitLogin, verifiedAccount, visible } from './helpers';

let e2e: E2E;
let base: string;
beforeAll(async () => {
  e2e = await startE2E();
  base = e2e.server.url.replace('127.0.0.1', 'localhost');
  // The relying party is PUBLIC_URL's host (server config is read per request).
  e2e.server.config.publicUrl = base;
});
afterAll(async () => {
  await e2e?.stop();
});

/** Logs out and waits until the session cookie is gone. */
async function logOut(page: Page): Promise<void> {
  await page.goto(`${base}/logout`);
  await page.waitForFunction(() => !document.cookie.split('; ').some((c) => c.startsWith('token=')));
}

/** A page whose browser has a virtual platform authenticator that always says yes. */
async function pageWithAuthenticator(): Promise<Page> {
  const { page, context } = await e2e.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

test('adds a passkey in settings, logs in with a recovery code and with the passkey, renames it, and removes it', async () => {
  const { email, password } = await verifiedAccount(e2e, 'passkey');
  const page = await pageWithAuthenticator();

  await page.goto(`${base}/login`);
  await submitLogin(page, email, password);
  await onPath(page, '/dashboard');
  await page.goto(`${base}/settings`);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await visible(section.getByText('No passkeys yet.'));
  await section.getByLabel('Name of the new passkey').fill('Work laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await visible(section.getByRole('list', { name: 'Passkeys' }).getByText('Work laptop', { exact: true }));
  expect((await e2e.server.lastMail(email))?.text).toMatch(/A passkey was added/);
  // Without an authenticator app, the first passkey comes with recovery codes, shown once.
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect.poll(() => codes.count()).toBe(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  const secondCode = (await codes.nth(1).textContent())!.trim();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await visible(section.getByText('On: you sign in with a passkey.'));
  await visible(section.getByText('10 recovery codes left'));

  // A lost passkey: the recovery code signs in once.
  await logOut(page);
  await page.goto(`${base}/login`);
  await submitLogin(page, email, password);
  await visible(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 }));
  await visible(page.getByText('Confirm with your passkey.'));
  expect(await page.getByLabel('Authentication code').count()).toBe(0);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await onPath(page, '/dashboard');

  await logOut(page);
  await page.goto(`${base}/login`);
  await submitLogin(page, email, password);
  await visible(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 }));
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await onPath(page, '/dashboard');
  const used = await e2e.server.db.owner.query(
    `SELECT last_used_at IS NOT NULL AS used FROM webauthn_credentials w JOIN users u ON u.id = w.user_id WHERE lower(u.email) = $1`,
    [email],
  );
  expect(used.rows).toEqual([{ used: true }]);

  // With passkeys only, an unused recovery code and the password renew the codes.
  await page.goto(`${base}/settings`);
  await visible(section.getByText('9 recovery codes left'));
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  const renew = section.getByRole('form', { name: 'Create new recovery codes' });
  await renew.locator('input[type="password"]').fill(password);
  await renew.getByLabel('An unused recovery code').fill(secondCode);
  await renew.getByRole('button', { name: 'Create new codes' }).click();
  await expect.poll(() => codes.count()).toBe(10);
  expect(await codes.allTextContents()).not.toContain(secondCode);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await visible(section.getByText('10 recovery codes left'));

  // Renaming: the name is checked before it is sent, then the list shows the new one.
  await section.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = section.getByRole('form', { name: 'Rename the passkey Work laptop' });
  const newName = rename.getByRole('textbox', { name: 'New name of the passkey' });
  expect(await newName.inputValue()).toBe('Work laptop');
  await newName.fill('   ');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await visible(rename.getByText('Name is empty'));
  await shot(page, 'passkey-rename');
  await newName.fill('Office laptop');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await hidden(rename);
  await visible(section.getByText('Office laptop', { exact: true }));

  await section.getByRole('button', { name: 'Remove Office laptop' }).click();
  const form = section.getByRole('form', { name: 'Remove the passkey Office laptop' });
  await form.locator('input[type="password"]').fill(password);
  // The password alone is not enough: a code or a passkey's signature must go with it.
  await form.getByRole('button', { name: 'Remove passkey' }).click();
  await visible(form.getByText('Code is empty'));
  await form.getByRole('button', { name: 'Confirm with a passkey' }).click();
  await visible(section.getByText('No passkeys yet.'));
  // With no second factor left, the recovery codes went with it: the password alone signs in.
  await visible(section.getByText('Off: your password alone signs you in.'));
  const left = await e2e.server.db.owner.query(
    `SELECT count(*)::int AS n FROM user_recovery_codes r JOIN users u ON u.id = r.user_id WHERE lower(u.email) = $1`,
    [email],
  );
  expect(left.rows).toEqual([{ n: 0 }]);
});

test('enrols with a passkey at login when the account requires two-factor sign-in', async () => {
  const { email, password } = await verifiedAccount(e2e, 'passkey-enrol');
  await e2e.server.db.owner.query(
    `UPDATE clients SET require_two_factor = true WHERE id = (SELECT client_id FROM users WHERE lower(email) = $1)`,
    [email],
  );
  const page = await pageWithAuthenticator();
  await page.goto(`${base}/login`);
  await submitLogin(page, email, password);
  await visible(page.getByRole('heading', { name: 'Set up two-factor sign-in' }));
  // A name is needed first.
  await page.getByRole('button', { name: 'Add a passkey and sign in' }).click();
  await visible(page.getByText('Name is empty'));
  await page.getByLabel('Name of the new passkey').fill('Phone');
  await page.getByRole('button', { name: 'Add a passkey and sign in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect.poll(() => codes.count()).toBe(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await onPath(page, '/dashboard');
  const rows = await e2e.server.db.owner.query(
    `SELECT w.name FROM webauthn_credentials w JOIN users u ON u.id = w.user_id WHERE lower(u.email) = $1`,
    [email],
  );
  expect(rows.rows).toEqual([{ name: 'Phone' }]);
  expect((await e2e.server.lastMail(email))?.text).toMatch(/A passkey was added/);
});
