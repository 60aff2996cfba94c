/**
 * Runs npm scripts side by side and fails when any of them fails: `tsx tools/ci/parallel.ts typecheck
 * lint format:check`. The checks before the tests (tsc, eslint, prettier) each keep one core busy,
 * and CI has two, so side by side they take about the time of the slowest instead of the sum. Each
 * script's output is printed whole when it ends, under its name, with its time and exit code.
 */
import { spawn } from 'node:child_process';

interface Outcome {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

function run(name: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (e) => resolve({ name, code: 1, output: output + String(e), seconds: (Date.now() - started) / 1000 }));
    child.on('close', (code) => {
      const outcome = { name, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 };
      process.stdout.write(`\n── npm run ${name}: exit ${outcome.code} after ${outcome.seconds.toFixed(0)} s\n${output}`);
      resolve(outcome);
    });
  });
}

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('usage: tsx tools/ci/parallel.ts SCRIPT [SCRIPT ...]\n');
  process.exit(2);
}
const outcomes = await Promise.all(names.map(run));
const failed = outcomes.filter((o) => o.code !== 0).map((o) => o.name);
if (failed.length) process.stderr.write(`\nfailed: ${failed.join(', ')}\n`);
process.exit(failed.length ? 1 : 0);
