import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, runCli } from '../support/helpers.js';

// The C++ runner builds rclsim's C++ client into the cache first (minutes on 2 shared vCPUs).
const BUILD_MS = 900_000;
// Relative to the repository, which the runs start in: the answers name no machine's folders.
const fixtures = 'test/fixtures/parameters';
const cases = join(fixtures, 'cases.txt');

type Client = 'js' | 'py' | 'cpp';

/** An operation of cases.txt: its line, its text, its case, and the answer each client must give. */
interface Operation {
  line: number;
  text: string;
  title: string;
  expected: Partial<Record<Client, string>>;
}

/** The operations of cases.txt with their expected answers (its head says the form). */
function operations(): Operation[] {
  const out: Operation[] = [];
  let title = '';
  readFileSync(join(repoRoot, cases), 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const text = raw.trim();
      if (text === '' || text.startsWith('#')) return;
      const arrow = /^(js|py|cpp)?=> ?(.*)$/.exec(text);
      if (arrow === null) {
        if (text.startsWith('case ')) title = text.slice(5);
        else out.push({ line: index + 1, text, title, expected: {} });
        return;
      }
      const last = out.at(-1);
      assert.ok(last !== undefined, `cases.txt:${index + 1}: an answer before any operation`);
      const clients: Client[] = arrow[1] === undefined ? ['js', 'py', 'cpp'] : [arrow[1] as Client];
      // "=>" is every client's answer but where a client has its own line, before or after it.
      for (const client of clients) if (arrow[1] !== undefined || !(client in last.expected)) last.expected[client] = arrow[2]!;
    });
  return out;
}

/** A runner's answers by line ("LINE ANSWER" each). */
function answers(stdout: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const line of stdout.split('\n')) {
    const match = /^(\d+) (.*)$/.exec(line);
    if (match !== null) out.set(Number(match[1]), match[2]!);
  }
  return out;
}

/** Runs one client's runner over cases.txt and holds each answer to the one the file expects. */
function check(client: Client, runner: string, timeout: number): void {
  const run = runCli(['exec', join(fixtures, runner), cases], repoRoot, timeout);
  assert.equal(run.status, 0, run.stderr);
  const given = answers(run.stdout);
  const wrong = operations().flatMap(({ line, text, title, expected }) => {
    const want = expected[client];
    if (want === undefined) return [`cases.txt:${line}: ${text}: no answer written for ${client}`];
    const got = given.get(line) ?? '(no answer)';
    return got === want ? [] : [`cases.txt:${line} (${title}): ${text}\n  expected ${want}\n  answered ${got}`];
  });
  assert.deepEqual(wrong, [], `${client} answers ${wrong.length} operation(s) otherwise than cases.txt:\n${wrong.join('\n')}`);
}

// One corpus of parameter cases, three implementations (rclnodejs's over the simulation's
// NodeParameters, rclpy's and rclcpp's kept in the program): each runner answers every operation
// as its upstream client does.
describe('parameters: one corpus of cases through every client', () => {
  it('holds enough cases, every operation with an answer for every client', () => {
    const all = operations();
    assert.ok(all.filter((op) => op.text.startsWith('node ')).length >= 20, 'at least 20 cases');
    for (const op of all) assert.deepEqual(Object.keys(op.expected).sort(), ['cpp', 'js', 'py'], `cases.txt:${op.line}: ${op.text}`);
  });

  it('answers as rclnodejs does, through the JavaScript client', () => {
    check('js', 'cases.js', 60_000);
  });

  it('answers as rclpy does, through the Python client', needs('python3'), () => {
    check('py', 'cases.py', 120_000);
  });

  it('answers as rclcpp does, through the C++ client', needs('C++ toolchain'), () => {
    check('cpp', 'cases.cpp', BUILD_MS);
  });
});
