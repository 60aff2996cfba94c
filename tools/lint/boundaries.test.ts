import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import portside, { boundaryViolation } from './boundaries.js';

const root = path.resolve(import.meta.dirname, '../..');
const at = (p: string) => path.join(root, p);

/** The boundary messages ESLint reports for `code` as if it were the file at `file`. */
function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const config = [
    {
      files: ['**/*.{ts,tsx,js}'],
      plugins: { portside },
      rules: { 'portside/boundaries': 'error' as const },
      languageOptions: { sourceType: 'module' as const, ecmaVersion: 2022 as const },
    },
  ];
  return linter.verify(code, config, { filename: at(file) }).map((m) => m.message);
}

describe('the import boundaries rule', () => {
  it('refuses a web feature importing another feature, by import, re-export and dynamic import', () => {
    const file = 'apps/web/src/features/billing/components/x.ts';
    expect(lint(file, "import { a } from '../../servers/lib/vm';")).toEqual([
      "Feature 'billing' imports feature 'servers'; features meet in app/.",
    ]);
    expect(lint(file, "export { a } from '../../order/api/x';")).toHaveLength(1);
    expect(lint(file, "const m = import('../../users/pages/p');")).toHaveLength(1);
  });

  it('lets a feature import itself, shared and the contract, and app import features', () => {
    expect(lint('apps/web/src/features/billing/components/x.ts', "import { a } from '../api/get';")).toEqual([]);
    expect(lint('apps/web/src/features/billing/components/x.ts', "import { a } from '../../../shared/ui/q';")).toEqual([]);
    expect(lint('apps/web/src/features/billing/x.ts', "import { a } from '@portside/contract/routes';")).toEqual([]);
    expect(lint('apps/web/src/app/pages/p.tsx', "import { a } from '../../features/billing/x';")).toEqual([]);
  });

  it('refuses shared importing app or a feature', () => {
    expect(lint('apps/web/src/shared/ui/x.ts', "import { a } from '../../app/router';")).toEqual([
      'shared/ imports neither app/ nor features/ (shared → features → app).',
    ]);
    expect(lint('apps/web/src/shared/api/x.ts', "import { a } from '../../features/order/lib/c';")).toHaveLength(1);
  });

  it('refuses the web importing the server, and the contract importing either', () => {
    expect(lint('apps/web/src/features/a/x.ts', "import { b } from '../../../../server/src/config';")).toEqual([
      'The web never imports the server; share code through packages/contract.',
    ]);
    expect(lint('apps/web/src/app/x.ts', "import { b } from '@portside/server/src/config';")).toHaveLength(1);
    expect(lint('packages/contract/src/x.ts', "import { b } from '../../../apps/web/src/app/router';")).toHaveLength(1);
    expect(boundaryViolation(at('packages/contract/src/x.ts'), at('apps/server/src/config'))).toMatch(/contract/);
  });
});
