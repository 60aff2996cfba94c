/**
 * Identity verification through the browser (spec 1 §1): a new owner is sent to /verification at
 * first login, uploads a photo ID and a selfie (client checks with the spec's messages), submits,
 * sees the review pending; staff approve on the queue page; the customer then reaches the dashboard.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailedCode, registerBody } from '../../server/test/factories.js';
import { png } from '../../server/test/verification-fixtures.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { onPath, pathOf, sidebarLink, submitLogin, uniqueEmail, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

/** Registers an owner through the API and confirms the address with the code from the outbox. */
async function registeredOwner(first: string) {
  const body = registerBody({ p_first_name: first, p_last_name: 'Verde', p_email: uniqueEmail(first.toLowerCase()) });
  expect((await e2e.server.rpc('register', body)).status).toBe(200);
  const code = await mailedCode(e2e.server, body.p_email);
  expect((await e2e.server.rpc('ConfirmEmail', { p_email: body.p_email, p_otp: code })).status).toBe(200);
  return { email: body.p_email, password: body.p_password, name: `${first} Verde` };
}

describe('identity verification', () => {
  test('a new owner verifies with a photo ID and a selfie, staff approve, and the dashboard opens', async () => {
    const owner = await registeredOwner('Vera');
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await submitLogin(page, owner.email, owner.password);
    await onPath(page, '/verification');
    await visible(page.getByRole('heading', { name: 'Verify your identity' }));
    await visible(page.getByText(/deleted 6 months after the review/));

    // Until verified, other pages lead back here.
    await page.goto('/dashboard');
    await onPath(page, '/verification');

    // The client checks the bytes, not the name: a text file named .png is refused.
    const documentInput = page.getByLabel('Photo ID image', { exact: true });
    await documentInput.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from('this is only text') });
    await visible(page.getByText('upload must be an image under 2 MB'));

    await page.getByLabel('Type of photo ID').selectOption('national_id');
    await documentInput.setInputFiles({ name: 'id-card.jpg', mimeType: 'image/jpeg', buffer: png(101) });
    await visible(page.getByTestId('uploader-document').getByText('Uploaded'));
    await visible(page.getByRole('img', { name: 'Preview: Photo ID image' }));

    // The same image as the selfie is 'file already uploaded'.
    const selfieInput = page.getByLabel('Selfie image', { exact: true });
    await selfieInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(101) });
    await visible(page.getByTestId('uploader-selfie').getByText('file already uploaded'));
    await selfieInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(102) });
    await visible(page.getByTestId('uploader-selfie').getByText('Uploaded'));

    await page.getByRole('button', { name: 'Submit for review' }).click();
    await visible(page.getByText('Your documents are being reviewed'));
    // While pending the portal is open (ordering stays refused on the server).
    await page.getByRole('link', { name: 'Go to the dashboard', exact: true }).click();
    await onPath(page, '/dashboard');

    // Staff review in the queue, reached from the Admin group of the sidebar.
    const { page: staff } = await e2e.newPage();
    await e2e.loginAs(staff, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await (await sidebarLink(staff, 'Admin', 'Verification queue')).click();
    await onPath(staff, '/verification-queue');
    const card = staff.getByRole('article', { name: owner.name });
    await visible(card);
    await visible(card.getByText(owner.email));
    await visible(card.getByText('National ID card'));
    await visible(card.getByRole('img', { name: `Photo ID of ${owner.name}` }));
    await visible(card.getByRole('img', { name: `Selfie of ${owner.name}` }));
    await card.getByRole('button', { name: `Approve ${owner.name}` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Approve this verification?' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await visible(staff.getByText(`Verification of ${owner.name} approved`));
    await visible(staff.getByText('No requests waiting'));

    // The customer sees the result and reaches the dashboard.
    await page.goto('/verification');
    await visible(page.getByText('Your identity is verified'));
    await page.getByRole('link', { name: 'Go to the dashboard', exact: true }).click();
    await onPath(page, '/dashboard');
    await page.goto('/new-order');
    await onPath(page, '/new-order');
    expect(pathOf(page)).toBe('/new-order');
  });

  test('a rejected owner sees the reason and can upload new images; customers never see the queue', async () => {
    const owner = await registeredOwner('Rui');
    const token = await e2e.server.login(owner.email, owner.password);
    const staffToken = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const form = (kind: string, seed: number) => {
      const f = new FormData();
      f.append('kind', kind);
      f.append('document_type', 'passport');
      f.append('file', new Blob([new Uint8Array(png(seed))]), `${kind}.png`);
      return f;
    };
    for (const [kind, seed] of [
      ['document', 201],
      ['selfie', 202],
    ] as const) {
      const res = await fetch(`${e2e.server.url}/api/rpc/VerificationUpload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form(kind, seed),
      });
      expect(res.status).toBe(200);
    }
    const request = (await e2e.server.rpc('VerificationSubmit', {}, token)).body.request;
    await e2e.server.rpc('VerificationReject', { p_request: request, p_reason: 'The selfie is too dark' }, staffToken);

    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    await submitLogin(page, owner.email, owner.password);
    await onPath(page, '/verification');
    await visible(page.getByText('Your verification was not accepted'));
    await visible(page.getByText('The selfie is too dark'));
    await visible(page.getByRole('button', { name: 'Submit for review' }));
    expect(await page.getByRole('button', { name: 'Submit for review' }).isDisabled()).toBe(true);
    // The rejected image itself is not taken again; new ones are, at phone width too.
    await page
      .getByLabel('Selfie image', { exact: true })
      .setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: png(202) });
    await visible(page.getByTestId('uploader-selfie').getByText('file already uploaded'));
    await page
      .getByLabel('Photo ID image', { exact: true })
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png(203) });
    await visible(page.getByTestId('uploader-document').getByText('Uploaded'));
    await page
      .getByLabel('Selfie image', { exact: true })
      .setInputFiles({ name: 'lit.png', mimeType: 'image/png', buffer: png(204) });
    await visible(page.getByTestId('uploader-selfie').getByText('Uploaded'));
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await visible(page.getByText('Your documents are being reviewed'));

    // A customer typing the staff address sees a notice, not the queue, and stays logged in.
    await page.goto('/logout-raw');
    await onPath(page, '/login');
    await submitLogin(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await onPath(page, '/dashboard');
    await page.goto('/verification-queue');
    await visible(page.getByText('This area is for the provider’s staff'));
    expect(pathOf(page)).toBe('/verification-queue');
  });
});
