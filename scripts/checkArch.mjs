#!/usr/bin/env node
// Checks docs/design.md#determinism-rules rule 5 (byte order never shows) and "same fingerprint on any
// machine": runs the rslcpp conformance job and every example job natively (x86-64) and under
// qemu-user on arm64, armv7l, ppc64le and s390x (big-endian) with Node's official binaries from
// the npm registry, and compares results, fingerprints and recorded bags with the native run.
//
//   npm run build && node scripts/checkArch.mjs [--arch s390x,arm64] [--job synthetic] [--parallel N]
//                                               [--max-sim-time 40s | --full] [--examples DIR] [--fetch-only]
//
// A job file whose `end: after:` is longer than --max-sim-time (default 40 s) is run that long
// (everywhere alike): the ns-3 patrol takes 70 s natively and ~3 min under qemu for its 120 s.
// The build (dist/src) is copied first, so a `npm run build` meanwhile cannot break the runs.
// Each run also writes an HTML report (its bytes compared too, less the wall time it states) and
// its recorded bags (compared as bytes). --examples checks another directory of example jobs (a
// patched copy) against the same build.
//
// Node binaries are cached in $RCLSIM_ARCH_CACHE (default ~/.cache/rclsim/arch); node-linux-*
// packages stop at 20.11.0 for armv7l, ppc64le and s390x, so all four use that version
// ($RCLSIM_ARCH_NODE_VERSION to change it). esbuild (tsx) and native addons cannot start under
// emulation: TypeScript job modules are bundled to plain JavaScript on the host first, and a job
// that loads a native addon on the host (better-sqlite3 for a .db3 bag) is skipped on the others,
// except rclsim's own (C++ programs in its process), which on arm64 and s390x the emulated rclsim
// builds with that CPU's cross compiler,
// and one with MuJoCo in-process (`world: mujoco:`) on s390x: MuJoCo's WebAssembly glue refuses
// to start on a big-endian CPU.
// On arm64 and s390x a job's Python programs run with Debian's python3.11 for that CPU
// (scripts/emulatedPython.mjs), not natively: their libm and C code are that CPU's. A job's C++
// programs there are built by Debian's cross compiler for that CPU, with rclsim's C++ client, and
// run under qemu too (scripts/emulatedCpp.mjs); on armv7l and ppc64le they are built by this
// machine's g++ and run natively: what differs there for them is the simulation's side only. A job
// with a `workspace:` (examples/cpp-icp) has its workspace built (`rclsim build`) for each machine
// first, with that machine's compiler.
// Exit codes: 0 all match, 1 a mismatch or a failed run, 2 setup missing (build, qemu, libraries).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { emulatedCpp } from './emulatedCpp.mjs';
import { emulatedPython } from './emulatedPython.mjs';
import { officialNode } from './officialNode.mjs';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(repo, 'dist/src/cli/main.js');
/** The machine the others are compared with (this one). */
const HOST = process.arch === 'x64' ? 'x86-64' : process.arch;
const NODE_VERSION = process.env.RCLSIM_ARCH_NODE_VERSION || '20.11.0';
/** rclsim's addon (src/build/inprocessAddon.ts), which rclsim builds with $CXX. */
const RCLSIM_ADDON = 'inprocess.node';
/** Per run, emulated: the slowest job takes ~1 min under qemu on a 2-core machine. */
const RUN_TIMEOUT_MS = 10 * 60 * 1000;

/** The emulated machines: qemu binary, Debian cross sysroot, files Node needs there, and their packages. */
const ARCHES = [
  {
    name: 'arm64',
    debian: 'arm64',
    triplet: 'aarch64-linux-gnu',
    qemu: 'qemu-aarch64-static',
    sysroot: '/usr/aarch64-linux-gnu',
    needs: { 'lib/ld-linux-aarch64.so.1': 'libc6-arm64-cross', 'lib/libstdc++.so.6': 'libstdc++6-arm64-cross' },
  },
  {
    name: 'armv7l',
    qemu: 'qemu-arm-static',
    sysroot: '/usr/arm-linux-gnueabihf',
    needs: { 'lib/ld-linux-armhf.so.3': 'libc6-armhf-cross', 'lib/libstdc++.so.6': 'libstdc++6-armhf-cross', 'lib/libatomic.so.1': 'libatomic1-armhf-cross' },
  },
  {
    name: 'ppc64le',
    qemu: 'qemu-ppc64le-static',
    sysroot: '/usr/powerpc64le-linux-gnu',
    needs: { 'lib/ld64.so.2': 'libc6-ppc64el-cross', 'lib/libstdc++.so.6': 'libstdc++6-ppc64el-cross' },
  },
  {
    name: 's390x',
    debian: 's390x',
    triplet: 's390x-linux-gnu',
    qemu: 'qemu-s390x-static',
    sysroot: '/usr/s390x-linux-gnu',
    needs: { 'lib/ld64.so.1': 'libc6-s390x-cross', 'lib/libstdc++.so.6': 'libstdc++6-s390x-cross' },
  },
];

/** rslcpp's reference final states (docs/design.md#conformance). */
const RSLCPP_REFERENCE = {
  NodeA: '3924739178523851918',
  NodeB: '416215330994369847',
  NodeC: '18314823502387776320',
  NodeD: '1601759294353606794',
  combined: '7448837717382456148',
};

function fail(code, message) {
  console.error(`checkArch: ${message}`);
  process.exit(code);
}

function parseArgs(argv) {
  const options = {
    arches: ARCHES.map((a) => a.name),
    job: null,
    parallel: Math.max(1, Math.min(ARCHES.length, availableParallelism())),
    examples: join(repo, 'examples'),
    maxSimTime: '40s',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i] ?? fail(2, `${flag} needs a value`);
    if (flag === '--arch') options.arches = value().split(',');
    else if (flag === '--job') options.job = value();
    else if (flag === '--parallel') options.parallel = Math.max(1, Number(value()) | 0);
    else if (flag === '--examples') options.examples = resolve(value());
    else if (flag === '--full') options.maxSimTime = null;
    else if (flag === '--fetch-only') options.fetchOnly = true;
    else if (flag === '--max-sim-time') options.maxSimTime = value();
    else if (flag === '-h' || flag === '--help') {
      console.log(
        'usage: node scripts/checkArch.mjs [--arch a,b] [--job substring] [--parallel N] [--max-sim-time 40s | --full] [--examples DIR] [--fetch-only]',
      );
      process.exit(0);
    } else fail(2, `unknown argument ${argv[i]}`);
  }
  for (const name of options.arches) if (!ARCHES.some((a) => a.name === name)) fail(2, `unknown arch ${name} (one of ${ARCHES.map((a) => a.name).join(', ')})`);
  return options;
}

/** A duration as job files and the CLI read it (rclsim's own parseDuration, from the build), in ns. */
async function durationNs(value) {
  const { parseDuration } = await import(pathToFileURL(join(repo, 'dist/src/job/duration.js')).href);
  return Number(parseDuration(value));
}

function onPath(command) {
  return (process.env.PATH || '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/** Every missing Debian package, in one line and exit code 2. */
function checkTools(arches) {
  if (!existsSync(cli)) fail(2, `${relative(process.cwd(), cli)} is missing: run \`npm run build\` first`);
  const missing = new Set();
  for (const arch of arches) {
    if (!onPath(arch.qemu)) missing.add('qemu-user-static');
    for (const [file, pkg] of Object.entries(arch.needs)) if (!existsSync(join(arch.sysroot, file))) missing.add(pkg);
  }
  if (missing.size > 0) fail(2, `missing qemu-user-static or cross libraries; install them with: apt-get install -y ${[...missing].join(' ')}`);
}

/** The arch's node binary, fetched with `npm pack` into the cache the first time. */
function nodeBinary(arch) {
  try {
    return officialNode(arch.name, NODE_VERSION);
  } catch (error) {
    return fail(2, error.message);
  }
}

function commandOf(arch, binary) {
  return arch === null ? [process.execPath] : [arch.qemu, '-L', arch.sysroot, binary];
}

// ---- jobs: plain-JavaScript copies ------------------------------------------------------------

// esbuild (tsx's) and yaml are the repository's dependencies already.
const requireFromRepo = createRequire(join(repo, 'package.json'));
const yaml = requireFromRepo('yaml');
const RCLSIM_ENTRIES = { rclsim: 'dist/src/index.js', 'rclsim/rclnodejs': 'dist/src/compat/index.js', 'rclsim/interfaces': 'dist/src/interfaces/typeMaps.js' };
const TYPESCRIPT = /\.[cm]?ts$/;
/** Left out of the copies: what runs write (record paths, sweep results), what builds make, and dependencies. */
const NOT_COPIED = new Set(['output', 'sweep-results', 'build', 'install', 'node_modules']);

/**
 * A copy of the build (dist/src, which `npm run build` deletes and rewrites, so a build meanwhile
 * cannot break the runs) with links to everything else at the top of the repository.
 */
function snapshot(work) {
  const root = join(work, 'repo');
  mkdirSync(root);
  try {
    cpSync(join(repo, 'dist/src'), join(root, 'dist/src'), { recursive: true });
  } catch (error) {
    fail(2, `cannot copy dist/src (a build under way?): ${error.message}`);
  }
  cpSync(join(repo, 'package.json'), join(root, 'package.json'));
  for (const name of readdirSync(repo)) {
    if (!['dist', 'examples', 'package.json', '.git'].includes(name)) symlinkSync(join(repo, name), join(root, name));
  }
  if (!existsSync(join(root, 'dist/src/cli/main.js')) || !existsSync(join(root, 'dist/src/index.js')))
    fail(2, 'dist/ is incomplete (a build under way?): run `npm run build` first');
  return root;
}

/** A place to run on one machine: links to the snapshot, and its own copy of the prepared examples. */
function runRoot(work, name) {
  const root = join(work, 'runs', name);
  mkdirSync(root, { recursive: true });
  for (const entry of readdirSync(join(work, 'repo'))) symlinkSync(join(work, 'repo', entry), join(root, entry));
  cpSync(join(work, 'examples'), join(root, 'examples'), { recursive: true });
  return root;
}

/** Bundles a TypeScript file to one ES module beside it; `rclsim` stays the (snapshot's) build. */
async function bundle(file, rclsimRoot) {
  const { build } = requireFromRepo('esbuild');
  const out = file.replace(TYPESCRIPT, '.mjs');
  const plugin = {
    name: 'rclsim',
    setup(b) {
      b.onResolve({ filter: /^rclsim(\/[a-z]+)?$/ }, (args) => ({
        path: pathToFileURL(join(rclsimRoot, RCLSIM_ENTRIES[args.path] ?? fail(1, `unknown import ${args.path}`))).href,
        external: true,
      }));
    },
  };
  await build({ entryPoints: [file], outfile: out, bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'error', plugins: [plugin] });
  return basename(out);
}

/**
 * The checked jobs, in a copy of the examples (jobs may name files of other examples and of the
 * repository by relative paths) made plain JavaScript: the rslcpp benchmark as its job module
 * (what `npm start` runs), then every examples/<name>/job.yaml.
 */
async function prepareJobs(work, filter, examples, maxSimNs) {
  const copy = join(work, 'examples');
  cpSync(examples, copy, { recursive: true, filter: (source) => !NOT_COPIED.has(basename(source)) });
  const names = readdirSync(copy)
    .filter((n) => existsSync(join(copy, n, 'job.yaml')))
    .sort();
  const wanted = [
    { name: 'rslcpp (synthetic-benchmark/job.ts)', example: 'synthetic-benchmark', file: 'job.ts', reference: RSLCPP_REFERENCE },
    ...names.map((n) => ({ name: n, example: n, file: 'job.yaml' })),
  ];
  const jobs = [];
  const rclsimRoot = join(work, 'repo');
  for (const job of wanted) {
    if (filter !== null && !job.name.includes(filter)) continue;
    const dir = join(copy, job.example);
    let file = job.file;
    let record = null;
    let workspace = null;
    let mujoco = false;
    if (TYPESCRIPT.test(file)) {
      file = await bundle(join(dir, file), rclsimRoot);
    } else {
      const doc = yaml.parse(readFileSync(join(dir, file), 'utf8'));
      for (const node of doc.nodes ?? []) {
        for (const key of ['module', 'script'])
          if (typeof node[key] === 'string' && TYPESCRIPT.test(node[key])) node[key] = await bundle(join(dir, node[key]), rclsimRoot);
      }
      record = typeof doc.record?.path === 'string' ? doc.record.path : null;
      mujoco = typeof doc.world?.mujoco === 'string';
      workspace = typeof doc.workspace === 'string' ? doc.workspace : null;
      const after = doc.end?.after === undefined ? null : await durationNs(doc.end.after);
      if (after !== null && after > maxSimNs) {
        doc.end.after = `${maxSimNs / 1e6}ms`;
        job.name += ` (${maxSimNs / 1e9} of ${after / 1e9} s)`;
      }
      file = 'job.checkArch.yaml';
      writeFileSync(join(dir, file), yaml.stringify(doc));
    }
    jobs.push({ ...job, file, record, workspace, mujoco, id: `${job.example}-${job.file.replace(/\W/g, '_')}` });
  }
  return jobs;
}

// ---- runs -------------------------------------------------------------------------------------

/** A preload for the native run: notes every native addon the job loads (they cannot load under qemu). */
function addonProbe(work) {
  const probe = join(work, 'addonProbe.mjs');
  writeFileSync(
    probe,
    `import { appendFileSync } from 'node:fs';
const dlopen = process.dlopen;
process.dlopen = function (module, filename, ...rest) {
  if (process.env.RCLSIM_ARCH_ADDONS) appendFileSync(process.env.RCLSIM_ARCH_ADDONS, filename + '\\n');
  return dlopen.call(this, module, filename, ...rest);
};
`,
  );
  return probe;
}

/** sha256 over a recorded directory's files (names and bytes), or null when the job records nothing. */
function digestTree(root) {
  if (!existsSync(root)) return null;
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else
        hash
          .update(`${relative(root, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
    }
  };
  walk(root);
  return hash.digest('hex').slice(0, 16);
}

function parseSummary(line) {
  if (!line.startsWith('{')) return null;
  try {
    const value = JSON.parse(line);
    return typeof value?.fingerprint === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** sha256 of a report, less the one figure that may differ between runs: the wall time. */
function reportDigest(file) {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8').replace(/"wall time":"[^"]*"/g, '"wall time":""');
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The line of a failed run's stderr that says why (not a stack frame, not Node's version). */
function why(stderr) {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 1 && !/^at |^Node\.js v/.test(l));
  return (lines.find((l) => /^(rclsim:|\w*Error\b)/.test(l)) ?? lines.pop() ?? '').slice(0, 200);
}

/**
 * `rclsim build` of a job's workspace in a machine's run root, with that machine's C++ compiler
 * (`extraEnv`: emulatedCpp's), by this machine's Node; null, or why it failed.
 */
function buildWorkspace(job, root, extraEnv = {}) {
  if (job.workspace === null) return Promise.resolve(null);
  const dir = resolve(root, 'examples', job.example, job.workspace);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'dist/src/cli/main.js'), 'build'], {
      cwd: dir,
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? null : `rclsim build of ${relative(root, dir)} failed (${signal ?? `exit ${code}`}): ${why(stderr)}`);
    });
  });
}

/** One run of a job on one machine, in that machine's run root; reports go beside the job. */
function runJob(job, arch, binary, root, extraEnv = {}) {
  const dir = join(root, 'examples', job.example);
  const [command, ...prefix] = commandOf(arch, binary);
  const report = join(dir, `report-${job.id}.html`);
  const args = [...prefix, join(root, 'dist/src/cli/main.js'), 'run', join(dir, job.file), '--json', '--quiet', '--report', report];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: dir,
      // A program the run starts in a process of its own (a launch file's node) runs on the same
      // emulated Node: a guest binary the kernel cannot execute itself (no binfmt_misc here).
      env: { ...process.env, ...extraEnv, ...(arch ? { QEMU_LD_PREFIX: arch.sysroot, RCLSIM_NODE_PREFIX: `${arch.qemu} -L ${arch.sysroot}` } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      // The summary is the last JSON line on stdout (a program's own output comes before it).
      const summary =
        stdout
          .trim()
          .split('\n')
          .reverse()
          .map(parseSummary)
          .find((s) => s !== null) ?? null;
      if (summary === null) {
        const how = signal !== null ? `killed (${signal}${signal === 'SIGKILL' ? ', timeout?' : ''})` : `exit ${code}`;
        resolve({ error: `${how}, no JSON summary on stdout: ${why(stderr)}`, seconds });
        return;
      }
      resolve({ summary, bag: job.record === null ? null : digestTree(join(dir, job.record)), report: reportDigest(report), seconds });
    });
  });
}

/** What must be the same on every machine. */
function comparable(run) {
  const s = run.summary;
  return {
    fingerprint: s.fingerprint,
    results: s.results,
    exitCode: s.exitCode,
    endReason: s.endReason,
    callbacks: s.callbacks,
    bag: run.bag,
    report: run.report,
  };
}

function differences(base, other) {
  const a = comparable(base);
  const b = comparable(other);
  return Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

async function pool(items, limit, work) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      while (queue.length > 0) await work(queue.shift());
    }),
  );
}

// ---- main -------------------------------------------------------------------------------------

const options = parseArgs(process.argv.slice(2));
const arches = ARCHES.filter((a) => options.arches.includes(a.name));
checkTools(arches);
let maxSimNs = Infinity;
try {
  if (options.maxSimTime !== null) maxSimNs = await durationNs(options.maxSimTime);
} catch (error) {
  fail(2, `--max-sim-time: ${error.message}`);
}
const binaries = new Map();
/** The folder of each arch's emulated `python3` (arches with a `debian:` name), first on its runs' PATH. */
const pythons = new Map();
/** The environment that builds each arch's C++ programs for it and runs them under qemu (arches with a `triplet`). */
const cpps = new Map();
for (const arch of arches) {
  const binary = nodeBinary(arch);
  const probe = spawnSync(arch.qemu, ['-L', arch.sysroot, binary, '-p', 'process.arch + " " + process.version + " " + require("os").endianness()'], {
    encoding: 'utf8',
  });
  if (probe.status !== 0) fail(2, `${arch.name}: ${binary} does not start under ${arch.qemu}: ${probe.stderr.trim().split('\n').pop()}`);
  console.log(`${arch.name.padEnd(8)} ${probe.stdout.trim()} (${arch.qemu})`);
  binaries.set(arch.name, binary);
  if (arch.debian !== undefined) {
    try {
      pythons.set(arch.name, emulatedPython(arch.qemu, arch.debian));
      cpps.set(arch.name, emulatedCpp(arch.qemu, arch.sysroot, arch.debian, arch.triplet));
    } catch (error) {
      fail(2, `${arch.name}: ${error.message}`);
    }
  }
}
if (options.fetchOnly) process.exit(0);

const checkStart = performance.now();
const work = mkdtempSync(join(tmpdir(), 'rclsim-arch-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
let exitCode = 0;
{
  snapshot(work);
  const jobs = await prepareJobs(work, options.job, options.examples, maxSimNs);
  if (jobs.length === 0) fail(2, `no job matches ${options.job}`);
  const probe = addonProbe(work);
  const roots = new Map([HOST, ...arches.map((a) => a.name)].map((name) => [name, runRoot(work, name)]));

  // This machine, with the addon probe: the baseline, and which jobs can be emulated.
  const native = new Map();
  const hostStart = performance.now();
  for (const job of jobs) {
    const addons = join(work, `addons-${job.id}.txt`);
    const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(probe).href}`.trim();
    const built = await buildWorkspace(job, roots.get(HOST));
    if (built !== null) {
      native.set(job, { error: built, seconds: 0, addons: [] });
      continue;
    }
    const run = await runJob(job, null, null, roots.get(HOST), { NODE_OPTIONS: nodeOptions, RCLSIM_ARCH_ADDONS: addons });
    run.addons = existsSync(addons) ? [...new Set(readFileSync(addons, 'utf8').trim().split('\n'))].map((f) => basename(f)) : [];
    native.set(job, run);
  }
  console.log(`${HOST.padEnd(8)} ${((performance.now() - hostStart) / 1000).toFixed(1)} s for ${jobs.length} jobs natively`);

  // The emulated machines, `parallel` at a time, each running the jobs one after the other.
  const results = new Map(arches.map((a) => [a.name, new Map()]));
  const archSeconds = new Map();
  const emulatedStart = performance.now();
  await pool(arches, options.parallel, async (arch) => {
    const started = performance.now();
    for (const job of jobs) {
      const base = native.get(job);
      if (base.error !== undefined) continue;
      // rclsim's own addon (C++ programs in its process, the waits on separate ones) is built by the
      // emulated rclsim with that CPU's cross compiler (CXX), where the machine has one; any
      // other addon is the host's build and cannot load there.
      const foreign = base.addons.filter((addon) => !(addon === RCLSIM_ADDON && cpps.has(arch.name)));
      if (foreign.length > 0) {
        results.get(arch.name).set(job, { skipped: `loads ${foreign.join(', ')} (a native addon cannot load under qemu)` });
        continue;
      }
      if (job.mujoco && arch.name === 's390x') {
        results.get(arch.name).set(job, { skipped: "runs MuJoCo's WebAssembly build, whose glue refuses a big-endian CPU" });
        continue;
      }
      const python = pythons.get(arch.name);
      const path = python === undefined ? {} : { PATH: `${python}${delimiter}${process.env.PATH}` };
      const built = await buildWorkspace(job, roots.get(arch.name), cpps.get(arch.name));
      const run =
        built === null
          ? await runJob(job, arch, binaries.get(arch.name), roots.get(arch.name), { ...path, ...cpps.get(arch.name) })
          : { error: built, seconds: 0 };
      results.get(arch.name).set(job, run);
      const status =
        run.error !== undefined ? `error: ${run.error}` : differences(base, run).length === 0 ? 'ok' : `MISMATCH (${differences(base, run).join(', ')})`;
      console.log(`  ${arch.name.padEnd(8)} ${job.name.padEnd(36)} ${run.seconds.toFixed(1).padStart(6)} s  ${status}`);
    }
    archSeconds.set(arch.name, (performance.now() - started) / 1000);
  });
  const emulatedSeconds = (performance.now() - emulatedStart) / 1000;

  // The table: job × machine.
  const header = ['job', HOST, ...arches.map((a) => a.name)];
  const rows = [];
  const notes = [];
  for (const job of jobs) {
    const base = native.get(job);
    const row = [job.name];
    if (base.error !== undefined) {
      row.push('ERROR');
      notes.push(`${job.name} on ${HOST}: ${base.error}`);
      exitCode = 1;
    } else {
      let cell = base.summary.fingerprint;
      if (job.reference !== undefined) {
        const wrong = Object.entries(job.reference)
          .filter(([k, v]) => base.summary.results?.[k] !== v)
          .map(([k]) => k);
        if (wrong.length > 0) {
          cell += ' (NOT rslcpp)';
          notes.push(`${job.name} on ${HOST}: results differ from rslcpp's reference: ${wrong.join(', ')}`);
          exitCode = 1;
        }
      }
      row.push(cell);
    }
    for (const arch of arches) {
      const run = results.get(arch.name).get(job);
      if (run === undefined) row.push('-');
      else if (run.skipped !== undefined) {
        row.push('skipped');
        notes.push(`${job.name} on ${arch.name}: skipped, ${run.skipped}`);
      } else if (run.error !== undefined) {
        row.push('ERROR');
        notes.push(`${job.name} on ${arch.name}: ${run.error}`);
        exitCode = 1;
      } else {
        const diff = differences(base, run);
        row.push(diff.length === 0 ? 'match' : 'MISMATCH');
        if (diff.length > 0) {
          exitCode = 1;
          const a = comparable(base);
          const b = comparable(run);
          notes.push(`${job.name} on ${arch.name}: ${diff.map((k) => `${k} ${JSON.stringify(b[k])} (${HOST} ${JSON.stringify(a[k])})`).join('; ')}`);
        }
      }
    }
    rows.push(row);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n${format(header)}\n${format(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) console.log(format(row));
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  const perArch = arches.map((a) => `${a.name} ${(archSeconds.get(a.name) ?? 0).toFixed(0)} s`).join(', ');
  console.log(
    `\nemulated: ${perArch}; ${emulatedSeconds.toFixed(0)} s wall in all (${options.parallel} at a time, Node ${NODE_VERSION}); the whole check ${((performance.now() - checkStart) / 1000).toFixed(0)} s`,
  );
  console.log(exitCode === 0 ? 'every machine gives the same results and fingerprints' : 'checkArch: FAILED');
}
process.exit(exitCode);
