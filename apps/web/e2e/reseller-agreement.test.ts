/**
 * Joining the reseller programme in the browser (issue 17): a customer reads what the programme
 * is, generates the agreement, downloads the PDF, uploads the signed copy (a wrong file is refused
 * first), and once staff approve it finds its referral code and links; the programme view is
 * accessible in light and dark and fits 390 px in Portuguese.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, cookies, settled, shot, useScheme, visible } from './helpers';
import { clippedButtons, languageProblems, tx } from './i18n-checks';
import { createSubUser, newAccount } from '../../server/test/factories.js';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

/** A new, verified owner on /reseller (logged in through the login page). */
async function newCustomerOnReseller(over: Parameters<typeof newAccount>[1] = {}, viewport?: { width: number; height: number }) {
  const account = await newAccount(e2e.server, over);
  await e2e.server.db.owner.query(`UPDATE clients SET verification_status = 'approved' WHERE id = $1`, [account.clientId]);
  const { page } = await e2e.newPage(viewport ? { viewport } : {});
  await e2e.loginAs(page, account.email, account.password);
  await page.goto('/reseller');
  await settled(page);
  return { page, account };
}

const step = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

describe('joining the programme', () => {
  test('generate, download, upload the signed copy; staff approve; the referral code appears', async () => {
    const { page, account } = await newCustomerOnReseller({ p_company_name: 'Nova Revenda Lda' });
    await visible(page.getByRole('heading', { name: 'How it works' }));
    await visible(page.getByText('10%', { exact: true }));
    await visible(step(page, '1. Generate the agreement').getByText('Next step'));
    await expect(page.getByRole('button', { name: 'Download the agreement (PDF)' }).isDisabled()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Generate the agreement' }).click();
    await visible(page.getByText('Your reseller agreement is ready to download.'));
    await visible(step(page, '1. Generate the agreement').getByText('Done'));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the agreement (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('reseller-agreement.pdf');
    const pdf = await fs.readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A file that is no PDF, JPEG or PNG is refused before it is sent.
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'signed.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a\x02\x00\x02\x00\x00\x00\x00', 'latin1'),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page.getByText('Choose a PDF, JPEG or PNG file of at most 5 MB.'));
    await input.setInputFiles({ name: 'signed-agreement.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page.getByText('Thank you! We will check your agreement soon.'));
    await visible(step(page, '4. We approve it').getByText('Being checked'));
    await visible(page.getByText(/^signed-agreement\.pdf uploaded on /));

    // Staff approve it (their screens are issue 18): the page now shows the workspace and the code.
    const staff = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const approved = await e2e.server.rpc('ApproveResellerAgreement', { p_client: account.clientId }, staff);
    expect(approved.status).toBe(200);
    const code = approved.body.referrer_code as string;
    await page.reload();
    await visible(page.getByRole('tab', { name: 'Clients', selected: true }));
    await visible(page.getByText(code, { exact: true }));
    await visible(page.getByText('No clients yet'));
    await page.getByRole('tab', { name: 'Links and banners' }).click();
    await visible(page.getByText(`${new URL(page.url()).origin}/register?ref=en${code}`));
  });

  test('asks before a new agreement replaces the uploaded copy', async () => {
    const { page } = await newCustomerOnReseller();
    await page.getByRole('button', { name: 'Generate the agreement' }).click();
    await visible(page.getByRole('button', { name: 'Generate again' }));
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page.getByText('Thank you! We will check your agreement soon.'));
    await page.getByRole('button', { name: 'Generate again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate a new agreement?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await visible(step(page, '4. We approve it').getByText('Being checked'));
    await page.getByRole('button', { name: 'Generate again' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generate a new one' }).click();
    await visible(step(page, '3. Upload the signed copy').getByText('Next step'));
  });

  test('a sub-user reads the programme but cannot sign for the account', async () => {
    const owner = await newAccount(e2e.server);
    const email = `sub-${owner.clientId.slice(0, 8)}@example.test`;
    const sub = await createSubUser(e2e.server, owner.clientId, { email });
    await e2e.server.db.owner.query(`UPDATE clients SET verification_status = 'approved' WHERE id = $1`, [owner.clientId]);
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, sub.email, sub.password);
    await page.goto('/reseller');
    await visible(page.getByText('Only the account owner can generate, sign and upload the reseller agreement.'));
    await expect(page.getByRole('button', { name: 'Generate the agreement' }).isDisabled()).resolves.toBe(true);
  });

  test('the programme view: no serious accessibility problem in light and dark; 390 px in Portuguese', async () => {
    const { page } = await newCustomerOnReseller();
    await useScheme(page, 'light');
    expect(await a11yProblems(page)).toEqual([]);
    await useScheme(page, 'dark');
    expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
    await shot(page, 'reseller-programme-dark');

    const small = await newCustomerOnReseller({ p_language: 'pt' }, { width: 390, height: 844 });
    await small.page.evaluate(() => {
      document.cookie = 'language=pt; path=/; SameSite=Strict';
    });
    await small.page.reload();
    await small.page.waitForFunction(() => document.documentElement.lang === 'pt');
    await visible(small.page.getByRole('heading', { level: 1, name: tx('pt', 'reseller:title') }));
    await settled(small.page);
    expect((await cookies(small.page)).language).toBe('pt');
    const problems = [...(await languageProblems(small.page, 'pt', 'programme')), ...(await clippedButtons(small.page))];
    await shot(small.page, 'reseller-programme-pt-390');
    expect(problems).toEqual([]);
  });
});
