import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runCli } from '../support/helpers.js';

// What a new user reads first — the README's opening and "Try it", package.json's description,
// `rclsim --help` and `rclsim exec --help` — says what rclsim runs: programs of all three clients,
// launch files and the robot's world. (`guides.test.ts` runs the README's commands.)

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
/** One space between words, no Markdown code marks. */
const plain = (text: string): string => text.replaceAll('`', '').replace(/\s+/g, ' ');

function sectionOf(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `README.md has no "## ${heading}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

function namesEverything(what: string, text: string, words: RegExp[]): void {
  for (const word of words) assert.match(plain(text), word, `${what} does not say ${word}`);
}

const CLIENTS = [/\bJavaScript\b/, /\bPython\b/, /\bC\+\+/];
const EVERYTHING = [...CLIENTS, /\blaunch files?\b/, /\bworld\b/];

describe('the first screen says what rclsim runs', () => {
  it("the README's opening paragraph names the three clients, launch files and the world", () => {
    const opening = readme.slice(readme.indexOf('\n') + 1, readme.indexOf('\n## '));
    namesEverything("README.md's opening", opening, [...EVERYTHING, /\brclcpp\b/, /\brclpy\b/, /\brclnodejs\b/]);
  });

  it('"Try it" runs a job of C++, Python and JavaScript programs and a launch file', () => {
    const tryIt = sectionOf('Try it');
    assert.match(tryIt, /^npx rclsim run examples\/cpp\/job\.yaml$/m);
    const job = readFileSync(join(repoRoot, 'examples/cpp/job.yaml'), 'utf8');
    for (const ext of ['cpp', 'py', 'js']) assert.match(job, new RegExp(`- script: \\S+\\.${ext}$`, 'm'), `examples/cpp/job.yaml runs no .${ext}`);
    const launch = /^npx rclsim launch (\S+_launch\.py|\S+\.launch\.(py|xml|yaml))\b/m.exec(tryIt);
    assert.ok(launch !== null, '"Try it" launches no launch file');
    assert.ok(existsSync(join(repoRoot, launch[1]!)), launch[1]);
  });

  it("package.json's description, rclsim --help and rclsim exec --help say the same", () => {
    const { description } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { description: string };
    namesEverything("package.json's description", description, EVERYTHING);
    const help = runCli(['--help']);
    assert.equal(help.status, 0, help.stderr);
    namesEverything('rclsim --help', help.stdout.slice(0, help.stdout.indexOf('Options:')), EVERYTHING);
    const exec = runCli(['exec', '--help']);
    assert.equal(exec.status, 0, exec.stderr);
    namesEverything('rclsim exec --help', exec.stdout.slice(0, exec.stdout.indexOf('Arguments:')), [...CLIENTS, /\.py\b/, /\.cpp\b/, /\.ts\b/]);
  });

  it('the examples table lists a C++ example and a launch example', () => {
    const folders = [...sectionOf('Examples').matchAll(/^\| \[`(examples\/[\w-]+)\/`\]/gm)].map((row) => row[1]!);
    assert.ok(folders.includes('examples/cpp'), folders.join(' '));
    const launches = folders.filter((folder) => readdirSync(join(repoRoot, folder)).some((file) => /(_launch\.py|\.launch\.(py|xml|yaml))$/.test(file)));
    assert.ok(launches.length > 0, `no example with a launch file beside its README row: ${folders.join(' ')}`);
  });
});
