#!/usr/bin/env node
// `npm test`: lint, typecheck, every unit and integration test (on PGlite, and on PostgreSQL too
// when TEST_DATABASE_URL is set), then the browser tests in Debian's Chromium against the
// production build. Ends with one line: "tests: N passed, N failed".
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-test-report-'));
const totals = { passed: 0, failed: 0 };
let failedSteps = [];
/** "step › file › test: first line of the error", for the summary CI's log tail keeps. */
const failedTests = [];

function firstLine(text) {
  const line =
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  // Colour codes are what this strips.
  // eslint-disable-next-line no-control-regex
  return line.replace(/\x1b\[[0-9;]*m/g, '').slice(0, 300);
}

/** The failed tests of a vitest or Playwright JSON report. */
function namesOfFailedTests(step, report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') {
        names.push(`${step} › ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
    // A file that failed to load has no test results, only its message.
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      names.push(`${step} › ${where}: ${firstLine(file.message)}`);
    }
  }
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((r) => r.error)?.error?.message;
          names.push(`${step} › ${[...trail, spec.title].join(' › ')} (${test.status}): ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return names;
}

function run(title, command, args, { env = {}, cwd = root, json } = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (json && fs.existsSync(json)) {
    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    if (typeof report.numPassedTests === 'number') {
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
    } else if (report.stats) {
      totals.passed += report.stats.expected ?? 0;
      totals.failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    }
    failedTests.push(...namesOfFailedTests(title, report));
  }
  if (result.status !== 0) {
    failedSteps.push(title);
    if (!json) totals.failed += 1;
  }
  return result.status === 0;
}

function hasPackage(name) {
  return spawnSync('dpkg', ['-s', name], { stdio: 'ignore' }).status === 0;
}

/**
 * Debian packages the tests run for real: the browser and its Korean font (required), rspamd for
 * the spam filter, openssl for a test certificate (tests that need them skip with one line where
 * they cannot be installed). Installed when this runs as root, as CI does. Redis is not installed
 * here: CI runs one on 6379, which the rspamd tests use when there is no redis-server to start.
 */
function ensureDebianPackages() {
  const missing = [];
  if (!fs.existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!hasPackage('fonts-nanum')) missing.push('fonts-nanum');
  const required = missing.length > 0;
  for (const pkg of ['rspamd', 'openssl']) {
    if (spawnSync('which', [pkg], { stdio: 'ignore' }).status !== 0) missing.push(pkg);
  }
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    const advice = `run \`sudo apt-get install -y ${missing.join(' ')}\``;
    if (required) {
      console.error(`Browser tests need Debian packages: ${advice} and try again.`);
      process.exit(1);
    }
    console.warn(`Some tests will be skipped without Debian packages: ${advice}.`);
    return;
  }
  console.log(`Installing ${missing.join(' ')} from Debian's packages…`);
  try {
    execSync('apt-get update -qq', { stdio: 'inherit' });
    execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
      stdio: 'inherit',
    });
  } catch (error) {
    // The browser is required; the others only make some tests skip.
    if (required) throw error;
    console.warn(`Could not install ${missing.join(' ')}: the tests that need them will be skipped.`);
  }
}

const vitest = (workspace, name, env = {}) =>
  run(
    `unit: ${name}`,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${path.join(reportDir, `${name}.json`)}`,
    ],
    {
      cwd: path.join(root, workspace),
      env,
      json: path.join(reportDir, `${name}.json`),
    },
  );

ensureDebianPackages();
run('lint', 'npm', ['run', 'lint']);
run('typecheck', 'npm', ['run', 'typecheck']);
vitest('packages/shared', 'shared');
vitest('apps/server', 'server-pglite', { POSTLINE_TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('apps/server', 'server-postgres', { POSTLINE_TEST_DB: 'postgres' });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the server suite ran on PGlite only.)');
}
vitest('apps/web', 'web');
if (run('build', 'npm', ['run', 'build'])) {
  const json = path.join(reportDir, 'e2e.json');
  run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, 'apps/web'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: json },
    json,
  });
}

console.log('');
for (const name of failedTests) console.log(`failed: ${name}`);
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
