import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '../../..');

/** Browser tests run against the built SPA: build it when `npm test` has not already. */
export function setup(): void {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@portside/web'], { cwd: root, stdio: 'inherit' });
  }
}
