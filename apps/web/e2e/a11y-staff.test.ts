/**
 * Accessibility of the staff's pages (issue 10, with a11y.test.ts): axe-core checks every route
 * staff can open, in the light and the dark colour scheme.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startA11y, walk, type A11yRun } from './a11y-walk';

let run: A11yRun;

beforeAll(async () => {
  run = await startA11y(['staff']);
});
afterAll(async () => run?.e2e.stop());

describe('accessibility of the staff pages (axe-core, WCAG 2.1 AA)', () => {
  test('every page staff can open passes axe in the light and the dark scheme', async () => {
    const failures = await walk(run, 'staff');
    expect(failures, failures.join('\n')).toEqual([]);
  }, 600_000);
});
