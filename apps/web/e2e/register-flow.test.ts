/**
 * Registration, e-mail confirmation and password reset through the real browser, with the codes
 * and links read from the developer mailbox page (spec 1 §2 'Other screens', §5 validation).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { hidden, onPath, pathOf, submitLogin, uniqueEmail, visible } from './helpers';

const HEADER = 'Please correct the following errors before continuing.';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

/**
 * Opens /dev/mailbox in a new tab of the same browser, filters by the recipient and returns the
 * text of the newest mail once there are at least `atLeast` mails to that address.
 */
async function newestMailText(context: BrowserContext, to: string, atLeast = 1): Promise<string> {
  const tab = await context.newPage();
  try {
    await tab.goto('/dev/mailbox');
    await visible(tab.getByRole('heading', { name: 'Developer mailbox' }));
    await tab.getByLabel('Search by recipient').fill(to);
    const mails = tab.getByRole('article');
    for (let i = 0; (await mails.count()) < atLeast; i++) {
      if (i > 20) throw new Error(`fewer than ${atLeast} mails to ${to}`);
      await tab.waitForTimeout(250);
      await tab.getByRole('button', { name: 'Refresh' }).click();
    }
    const newest = mails.first();
    await visible(newest.getByText(to, { exact: true }));
    return await newest.innerText();
  } finally {
    await tab.close();
  }
}

function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in mail: ${text}`);
  return code;
}

async function fillRegisterForm(page: Page, who: { first: string; last: string; email: string; password: string }) {
  await page.getByLabel('First name').fill(who.first);
  await page.getByLabel('Last name').fill(who.last);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password').fill(who.password);
  await page.getByLabel('Address', { exact: true }).fill('Rua do Ouro 12');
  await page.getByLabel('City').fill('Lisbon');
  await page.getByLabel('Country').selectOption({ label: 'Portugal' });
  await page.getByLabel('State').fill('Lisboa');
  await page.getByLabel('Postcode').fill('1100-060');
  await page.getByLabel('Phone number').fill('912000111');
}

describe('register, confirm and log in', () => {
  test('a new user registers, confirms with the code read in the dev mailbox, logs in (to identity verification first) and the dashboard greets them by first name', async () => {
    const { page, context } = await e2e.newPage();
    const who = { first: 'Renata', last: 'Nova', email: uniqueEmail('renata'), password: 'sail4way' };
    await page.goto('/register');
    await fillRegisterForm(page, who);
    // Choosing the country fills its calling code.
    expect(await page.getByLabel('Phone prefix').inputValue()).toBe('+351');
    await page.getByRole('button', { name: 'Create account' }).click();

    await onPath(page, '/register-confirmation');
    await visible(page.getByRole('heading', { name: 'Check your mailbox' }));
    expect(await page.getByLabel('Email').inputValue()).toBe(who.email);

    const code = codeIn(await newestMailText(context, who.email));
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
    await visible(page.getByText('Your e-mail address is confirmed. You can log in now.'));

    // The confirmation page moves on to the login page with the address filled in.
    await page.getByRole('link', { name: 'Log in' }).click();
    await onPath(page, `/login-with-email/${encodeURIComponent(who.email)}`);
    expect(await page.getByLabel('Email').inputValue()).toBe(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // A new owner verifies their identity first (spec 1 §1: photo ID and selfie at first login).
    await onPath(page, '/verification');
    await visible(page.getByRole('heading', { name: 'Verify your identity' }));
    await visible(page.getByRole('button', { name: `Hello, ${who.first}` }));

    // Once staff approved the ID (its own tests cover that), the dashboard greets the new user.
    await e2e.server.db.owner.query(
      `UPDATE clients SET verification_status = 'approved' WHERE id = (SELECT client_id FROM users WHERE email = $1)`,
      [who.email],
    );
    await page.evaluate(() => sessionStorage.removeItem('customerDetails'));
    await page.goto('/dashboard');
    await onPath(page, '/dashboard');
    await visible(page.getByText(`Welcome back, ${who.first}.`));
  });
});

describe('a field only passed through stays quiet', () => {
  test('on /login, leaving the empty e-mail field for "Create an account" gets there with the first click', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    const email = page.getByLabel('Email', { exact: true });
    await email.click();
    const link = page.getByRole('link', { name: 'Create an account' });
    const before = await link.boundingBox();
    // One real click where the link is: the e-mail field's blur must not push it away first.
    await page.mouse.click(before!.x + before!.width / 2, before!.y + before!.height / 2);
    await onPath(page, '/register');
  });

  test('an edited field is still checked when it is left', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    const email = page.getByLabel('Email', { exact: true });
    // Typed into and emptied again: the field says it is empty when left.
    await email.fill('ana');
    await email.fill('');
    await email.blur();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('register form validation', () => {
  test("submitting the empty form shows the correction header and an 'is empty' message for every required field, then the mismatch, phone and VAT messages", async () => {
    const { page } = await e2e.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();

    const summary = page.getByRole('alert').filter({ hasText: HEADER });
    await visible(summary);
    for (const [label, message] of <Array<[string, string]>>[
      ['First name', 'First name is empty'],
      ['Last name', 'Last name is empty'],
      ['Email', 'Email is empty'],
      ['Password', 'Password is empty'],
      ['Confirm password', 'Confirm password is empty'],
      ['Address', 'Address is empty'],
      ['City', 'City is empty'],
      ['Country', 'Country is empty'],
      ['State', 'State is empty'],
      ['Postcode', 'Postcode is empty'],
      ['Phone prefix', 'Phone prefix is empty'],
      ['Phone number', 'Phone number is empty'],
    ]) {
      // The summary line links to the field, which shows the same message and is marked invalid.
      await visible(summary.getByRole('link', { name: `${label}: ${message}`, exact: true }));
      expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), label).toBe('true');
    }
    // Optional fields are not reported, and nothing was sent.
    expect(await summary.getByRole('link').count()).toBe(12);
    expect(pathOf(page)).toBe('/register');

    // Mismatched confirmation: same page, the other fields now filled.
    await fillRegisterForm(page, { first: 'Mia', last: 'Match', email: uniqueEmail('mia'), password: 'first111' });
    await page.getByLabel('Confirm password').fill('second22');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(summary.getByRole('link', { name: 'Confirm password: Passwords are not matching', exact: true }));
    expect(await summary.getByRole('link').count()).toBe(1);
    expect(pathOf(page)).toBe('/register');

    // The phone and VAT rules: the VAT hint follows the country, each message names its field.
    await page.getByLabel('Confirm password').fill('first111');
    await visible(page.getByText('Optional, e.g. PT123456789'));
    await page.getByLabel('Phone prefix').fill('+999');
    await page.getByLabel('VAT number').fill('PT1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(summary.getByRole('link', { name: 'Phone prefix: Enter a country calling code, such as +351', exact: true }));
    await visible(
      summary.getByRole('link', {
        name: 'VAT number: The VAT number does not have the format of the billing country',
        exact: true,
      }),
    );
    expect(await page.getByLabel('VAT number').getAttribute('aria-invalid')).toBe('true');
    expect(await summary.getByRole('link').count()).toBe(2);
    expect(pathOf(page)).toBe('/register');
  });
});

/** Registers an account through the API (the form itself is covered above). */
async function registerByApi(email: string, password: string): Promise<void> {
  const reg = await e2e.server.rpc('register', {
    p_first_name: 'Pia',
    p_last_name: 'Pending',
    p_email: email,
    p_password: password,
    p_password_confirm: password,
    p_address: 'Rua 1',
    p_city: 'Porto',
    p_country: 'PT',
    p_phone_prefix: '+351',
    p_phone_number: '911111111',
    p_state: 'Porto',
    p_postcode: '4000-001',
  });
  expect(reg.status).toBe(200);
}

describe('confirmation link', () => {
  test('the confirm-email link in the mail opens the portal and confirms the address', async () => {
    const email = uniqueEmail('linked');
    await registerByApi(email, 'link1234');
    const { page, context } = await e2e.newPage();
    const mail = await newestMailText(context, email);
    const link = /https?:\/\/\S+\/confirm-email\/\S+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    // The link ends in the address (…/example.test): the server must still answer with the SPA.
    const res = await page.goto(link!);
    expect(res?.headers()['content-type']).toContain('text/html');
    await visible(page.getByText('Your e-mail address is confirmed. You can log in now.'));
    await page.getByRole('link', { name: 'Log in' }).click();
    await onPath(page, `/login-with-email/${encodeURIComponent(email)}`);
    // A reload of that page (its address ends in the e-mail too) still shows the login form.
    await page.reload();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
  });
});

describe('unconfirmed e-mail', () => {
  test('logging in before confirming shows UNCONFIRMED_EMAIL with a resend link that mails a new code', async () => {
    const email = uniqueEmail('pending');
    await registerByApi(email, 'wait1234');

    const { page, context } = await e2e.newPage();
    await page.goto('/login');
    await submitLogin(page, email, 'wait1234');
    const error = page.getByRole('alert').filter({ hasText: 'UNCONFIRMED_EMAIL' });
    await visible(error);
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => document.cookie)).not.toContain('token=');

    await error.getByRole('link', { name: 'Resend confirmation e-mail' }).click();
    await onPath(page, `/resend-confirmation/${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await visible(page.getByText(`If ${email} is waiting for confirmation, a new code is on its way.`));

    // The registration mail and the resent one; the newest code confirms the address.
    const code = codeIn(await newestMailText(context, email, 2));
    await page.getByRole('link', { name: 'Enter the code' }).click();
    await onPath(page, '/register-confirmation');
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
    await visible(page.getByText('Your e-mail address is confirmed. You can log in now.'));
  });
});

describe('forgot password', () => {
  test('the reset link from the mail pre-fills the form, sets a new password, and only the new password logs in', async () => {
    const { email, password: oldPassword } = DEMO_USERS.other;
    const { page, context } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await onPath(page, '/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await visible(page.getByText('If the address is registered, we sent a code to it.'));

    const mail = await newestMailText(context, email);
    const code = codeIn(mail);
    const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    await page.goto(link!);
    const codeInput = page.getByLabel('Verification code');
    await expect.poll(() => codeInput.inputValue()).toBe(code);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByLabel('New password').fill('newHarbour9');
    await page.getByLabel('Repeat password').fill('newHarbour9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByText('Your password has been changed.'));

    expect((await e2e.server.rpc('login', { p_email: email, p_password: oldPassword })).status).toBe(401);
    await page.getByRole('link', { name: 'Log in' }).click();
    await onPath(page, `/login-with-email/${encodeURIComponent(email)}`);
    await page.getByLabel('Password', { exact: true }).fill('newHarbour9');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await onPath(page, '/dashboard');
    await visible(page.getByText('Welcome back, Olga.'));
    await hidden(page.getByRole('heading', { name: 'Log in' }));
  });
});
