import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const probes: string[] = [];

/**
 * The rules a lint run reports for `code` written as a real file of the server (type-aware rules
 * need the file inside a tsconfig), then removed.
 */
async function rulesFor(code: string): Promise<string[]> {
  const file = path.join(root, `apps/server/src/lint-probe-${process.pid}-${probes.length}.ts`);
  probes.push(file);
  fs.writeFileSync(file, code);
  const [result] = await new ESLint({ cwd: root }).lintFiles([file]);
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

afterAll(() => probes.forEach((f) => fs.rmSync(f, { force: true })));

describe('the type-aware rules of eslint.config.js', () => {
  it('refuses an explicit any', async () => {
    expect(await rulesFor('export const x = (v: any): number => Number(v);\n')).toContain('@typescript-eslint/no-explicit-any');
  }, 60_000);

  it('refuses a floating promise, and accepts one that is awaited or voided', async () => {
    const code = [
      'const later = async (): Promise<number> => 1;',
      'export function fire(): void {',
      '  later();',
      '}',
      'export async function awaited(): Promise<void> {',
      '  await later();',
      '  void later();',
      '}',
      '',
    ].join('\n');
    expect(await rulesFor(code)).toEqual(['@typescript-eslint/no-floating-promises']);
  }, 60_000);
});
