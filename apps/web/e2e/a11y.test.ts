/**
 * Accessibility as a test (issue 10): axe-core checks EVERY route of the route table, as the user
 * who can see it (logged out, the demo owner, staff), in the light and the dark colour scheme
 * (the portal follows the system setting, which the browser emulates). Any serious or critical
 * violation fails the test, which lists route, rule and nodes. A first test proves the check can
 * fail. This file walks a visitor's routes; the customer's are walked in a11y-owner.test.ts, the
 * staff's in a11y-staff.test.ts and the open states (menus, dialogs, server tabs, forms with their
 * errors) in a11y-states.test.ts, so the four files run in parallel.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROUTES } from '@portside/contract/routes';
import { a11yProblems, settled } from './helpers';
import { startA11y, walk, type A11yRun } from './a11y-walk';

let run: A11yRun;

beforeAll(async () => {
  run = await startA11y(['anonymous']);
});
afterAll(async () => run?.e2e.stop());

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  test('the check finds a low-contrast text and a button without a name, so it can fail', async () => {
    const page = run.pages.anonymous;
    await page.goto('/login');
    await settled(page);
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'faint';
      p.style.color = '#ccc';
      p.style.background = '#fff';
      const b = document.createElement('button');
      b.innerHTML = '<svg width="10" height="10"></svg>';
      document.querySelector('main')!.append(p, b);
    });
    const rules = (await a11yProblems(page)).map((p) => p.rule);
    expect(rules).toContain('color-contrast');
    expect(rules).toContain('button-name');
  });

  test('the walk covers every route of the table', () => {
    expect(Object.keys(run.visits).sort()).toEqual(ROUTES.map((r) => r.name).sort());
  });

  test('every page a visitor can open passes axe in the light and the dark scheme', async () => {
    const failures = await walk(run, 'anonymous');
    expect(failures, failures.join('\n')).toEqual([]);
  }, 600_000);
});
