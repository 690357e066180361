/**
 * `npm test`: every suite in order, stopping at the first failure, then one summary line.
 * Lint and types come first because they are the quickest to fail. The end-to-end suite makes
 * its own production build, for the local stack it starts (playwright.config.ts).
 */
import { spawnSync } from 'node:child_process';

const suites: readonly { name: string; script: string }[] = [
  { name: 'lint', script: 'lint' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'unit', script: 'test:unit' },
  { name: 'server', script: 'test:server' },
  { name: 'electron', script: 'test:electron' },
  { name: 'e2e', script: 'test:e2e' },
];

let passed = 0;
for (const suite of suites) {
  console.log(`\n=== ${suite.name} (npm run ${suite.script})`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', suite.script], { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.log(`\n=== ${suite.name} failed after ${seconds}s`);
    console.log(`suites: ${passed} passed, 1 failed`);
    process.exit(1);
  }
  console.log(`=== ${suite.name} passed in ${seconds}s`);
  passed += 1;
}
console.log(`\nsuites: ${passed} passed, 0 failed`);
