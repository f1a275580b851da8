import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { ExitCode } from '../../src/job/exitCodes.js';
import { loadJobFile } from '../../src/job/jobFile.js';
import { cliPath, needs, repoRoot, tempDir } from '../support/helpers.js';
import { anchors, type Block, fencedBlocks, prose } from '../support/markdown.js';

// The README and the guides in docs/ are checked against the code: every `rclsim …` command of
// their ```sh blocks that is cheap and self-contained runs (in a scratch copy of examples/ and
// test/fixtures/, so nothing is written into the repository) and must exit 0, or with the code a
// trailing `# exit N` comment names. A ```text block that follows a ```sh block after one blank
// line is the output of that block's last command: each of its lines must appear in what the
// command printed (`…` stands for anything; wall-clock figures are not compared). A ```js/```ts
// block whose first line is `// name.ext` is a file the reader writes, and is written before the
// commands run. Commands that need an optional package (a live Foxglove client, Redis, ns-3) or a
// file of the reader's own are not run.

const README = 'README.md';
/** The guides a user reads by task; each must have commands this test runs (but performance.md: npm run bench). */
const GUIDES = ['job-files', 'bags', 'network', 'executors', 'reports', 'sweeps', 'hunting', 'determinism', 'rclnodejs', 'cli'].map(
  (name) => `docs/${name}.md`,
);
const DOCUMENTS = [
  README,
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

function read(document: string): string {
  return readFileSync(join(repoRoot, document), 'utf8');
}

/** Options whose value is a file a command writes, not one it reads. */
const OUTPUT_OPTIONS = new Set(['-o', '--output', '--trace', '--report', '--metrics', '--keep-traces']);

interface Command {
  line: string;
  /** Arguments after `rclsim`, or null when the line is not run. */
  args: string[] | null;
  skipped?: string;
  exit: number;
  output?: string[];
}

function commandsOf(block: Block, output: Block | undefined, startScript: string[]): Command[] {
  const commands: Command[] = [];
  for (const raw of block.lines) {
    const comment = /\s+#(?:\s(.*))?$/.exec(raw);
    const line = (comment === null ? raw : raw.slice(0, comment.index)).trim();
    if (line === '' || line.startsWith('#')) continue;
    const exit = Number(/^exits? (\d+)/.exec(comment?.[1] ?? '')?.[1] ?? 0);
    const words = line.split(/\s+/);
    let args: string[] | null = null;
    if (words[0] === 'npx' && words[1] === 'rclsim') args = words.slice(2);
    else if (words[0] === 'rclsim') args = words.slice(1);
    else if (/\bnpm start$/.test(line)) args = startScript;
    commands.push({ line, args, exit });
  }
  const last = commands.at(-1);
  if (output !== undefined && last !== undefined) last.output = output.lines;
  return commands;
}

/** Why a command is not run here, or null. Checks the example files it names exist. */
function reasonToSkip(args: string[], workspace: string): string | null {
  if (args.includes('--foxglove') || args.includes('--wait-for-client')) return 'a live view waits for a Foxglove client';
  if (args[0] === 'worker' || args.includes('--queue')) return 'needs redis-server';
  if (args.some((a) => /[<>*…]|\.\.\./.test(a))) return 'a template';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--ros-args') break;
    if (OUTPUT_OPTIONS.has(arg)) {
      i++;
      continue;
    }
    const pathLike = !arg.startsWith('-') && !arg.includes(':=') && (arg.includes('/') || /\.(ya?ml|[cm]?[jt]s|mcap|db3|trace|json|csv)$/.test(arg));
    if (!pathLike) continue;
    const path = join(workspace, arg);
    if (!existsSync(path)) {
      assert.ok(!/^(examples|test)\//.test(arg), `${args.join(' ')}: ${arg} does not exist`);
      return `names ${arg}, a file of the reader's own`;
    }
    if (/\.ya?ml$/.test(arg) && /^\s*external:/m.test(readFileSync(path, 'utf8'))) return 'needs the ns-3 adapter';
    // A Python program, or a job that runs one, needs Python (test/support/helpers.ts's needs('python3')).
    const python = arg.endsWith('.py') || (/\.ya?ml$/.test(arg) && /^\s*- script: \S+\.py\b/m.test(readFileSync(path, 'utf8')));
    if (python && needs('python3').skip !== undefined) return 'needs python3';
  }
  return null;
}

/** A line as compared: trimmed, spaces collapsed, wall-clock figures (`0.03 s`, `(66x real time)`, `26.0 runs/s`) blanked. */
function normalized(line: string): string {
  return line
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\d+(\.\d+)? s\b/g, '# s')
    .replace(/\(\d+(\.\d+)?x real time\)/g, '(#x real time)')
    .replace(/\d+(\.\d+)? runs\/s/g, '# runs/s');
}

function matcher(expected: string): RegExp {
  const pattern = normalized(expected)
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`);
}

interface Result {
  status: number | null;
  output: string;
}

function runIn(workspace: string, args: string[]): Promise<Result> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd: workspace,
      env: { ...process.env, TMPDIR: join(workspace, 'tmp') },
      // A hang ends here; the patrol example over ns-3 alone takes a minute on a loaded 2-core machine.
      timeout: 180_000,
    });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('close', (status) => done({ status, output }));
  });
}

/**
 * A scratch folder laid out as the repository is for the commands: a copy of examples/ and
 * test/fixtures/ (ES modules, as in the repository; the examples that are CommonJS say so
 * themselves), rclsim installed as a package, the root a CommonJS project as `npm init` makes it.
 */
function workspace(): string {
  const dir = tempDir();
  const noOutputs = (source: string): boolean => !/\/(output|[\w-]+-results)$/.test(source);
  cpSync(join(repoRoot, 'examples'), join(dir, 'examples'), { recursive: true, filter: noOutputs });
  cpSync(join(repoRoot, 'test/fixtures'), join(dir, 'test/fixtures'), { recursive: true, filter: noOutputs });
  writeFileSync(join(dir, 'package.json'), '{ "name": "my-project", "private": true }\n');
  for (const folder of ['examples', 'test']) writeFileSync(join(dir, folder, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(repoRoot, join(dir, 'node_modules/rclsim'), 'dir');
  symlinkSync(join(repoRoot, 'node_modules/mocha'), join(dir, 'node_modules/mocha'), 'dir');
  mkdirSync(join(dir, 'tmp'));
  return dir;
}

describe('the README and the guides', () => {
  it('the README is a front page of at most 250 lines', () => {
    const lines = read(README).replace(/\n$/, '').split('\n').length;
    assert.ok(lines <= 250, `README.md has ${lines} lines`);
  });

  it('every relative link of the README and docs/ names a file (and a heading) that exists', () => {
    const broken: string[] = [];
    for (const document of [...DOCUMENTS, 'CONTRIBUTING.md']) {
      const text = read(document);
      for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const file = path === '' ? join(repoRoot, document) : resolve(repoRoot, dirname(document), path);
        if (!existsSync(file)) broken.push(`${document}: ${target} (no such file)`);
        else if (anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor)) {
          broken.push(`${document}: ${target} (no such heading in ${relative(repoRoot, file)})`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  it("docs/cli.md's exit-code table lists exactly the codes of src/job/exitCodes.ts", () => {
    const text = read('docs/cli.md');
    const section = text.slice(text.indexOf('## Exit status'));
    const table = section.slice(section.indexOf('\n|')).split('\n\n')[0]!;
    const listed = table
      .split('\n')
      .map((row) => row.split('|')[1]?.trim().replace(/`/g, '') ?? '')
      .filter((cell) => /^\d+$/.test(cell))
      .map(Number);
    // Rows that are no single code (the job's own exit code, 128 + a signal) are computed, not constants.
    assert.deepEqual(listed, [...new Set(listed)], 'a code listed twice');
    assert.deepEqual(
      [...listed].sort((a, b) => a - b),
      [...new Set(Object.values(ExitCode))].sort((a, b) => a - b),
    );
  });

  it('every job file a guide names exists and loads', () => {
    const named = new Set<string>();
    for (const document of DOCUMENTS) {
      // A path of the repository's root, not one inside another (test/house/examples/cpp.test.ts).
      for (const [path] of read(document).matchAll(/(?<![\w-]\/)\b(?:examples|test\/fixtures)\/[\w./-]*[\w/]/g)) {
        // What a run writes (output/, <sweep>-results/) is not in a fresh clone.
        if (!/\/(output|[\w-]+-results)(\/|$)/.test(path)) named.add(path.replace(/\/$/, ''));
      }
    }
    for (const path of named) {
      assert.ok(existsSync(join(repoRoot, path)), `${path} does not exist`);
      const jobFile = /(^|\/)job\.ya?ml$|\/jobs\/[\w-]+\.ya?ml$/.test(path);
      // A job with ns-3 in the loop names the adapter, which exists once adapters/ns3/build.sh ran.
      if (jobFile && !/^\s*external:/m.test(readFileSync(join(repoRoot, path), 'utf8'))) {
        assert.doesNotThrow(() => loadJobFile(join(repoRoot, path)), path);
      }
    }
    assert.ok(named.size >= 10, `only ${named.size} paths named`);
  });

  describe('their commands run as written', { concurrency: true }, () => {
    const startScript = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start.split(/\s+/);
    const start = startScript.slice(startScript.indexOf('dist/src/cli/main.js') + 1);
    for (const document of DOCUMENTS) {
      const blocks = fencedBlocks(read(document));
      const shell = blocks.filter((block) => block.lang === 'sh');
      if (shell.length === 0) continue;
      it(document, async (t) => {
        const dir = workspace();
        try {
          for (const block of blocks) {
            const name = /^\/\/ ([\w.-]+\.[cm]?[jt]s)$/.exec(block.lines[0] ?? '')?.[1];
            if (/^(js|ts)$/.test(block.lang) && name !== undefined) writeFileSync(join(dir, name), `${block.lines.join('\n')}\n`);
          }
          let ran = 0;
          let compared = 0;
          for (const block of shell) {
            const next = blocks.find((b) => b.start === block.end + 2 && b.lang === 'text');
            for (const command of commandsOf(block, next, start)) {
              if (command.args === null) continue;
              const skip = reasonToSkip(command.args, dir);
              if (skip !== null) {
                t.diagnostic(`not run (${skip}): ${command.line}`);
                continue;
              }
              const result = await runIn(dir, command.args);
              ran++;
              const tail = result.output.split('\n').slice(-15).join('\n');
              assert.equal(result.status, command.exit, `${document}: ${command.line}\n${tail}`);
              const printed = result.output.split('\n').map(normalized);
              if (command.output !== undefined) compared++;
              for (const expected of command.output ?? []) {
                if (expected.trim() === '' || expected.trim() === '…') continue;
                const pattern = matcher(expected);
                assert.ok(
                  printed.some((line) => pattern.test(line)),
                  `${document}: ${command.line}: no line like\n  ${expected}\nin\n${result.output.slice(0, 3000)}`,
                );
              }
            }
          }
          if (GUIDES.includes(document) || document === README) assert.ok(ran > 0, `${document}: no command ran`);
          t.diagnostic(`${ran} commands ran, ${compared} of them with their output compared`);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }
    it('every guide has commands', () => {
      for (const guide of GUIDES) assert.ok(DOCUMENTS.includes(guide), `${guide} is missing`);
    });
  });
});
