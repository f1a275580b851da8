/**
 * The client conformance table (docs/conformance.md): every case (a small program per client,
 * test/fixtures/conformance/) run through every runner (test/port/conformance/runners.ts), each cell
 * compared with what the table expects — exit code, fingerprint, trace, stdout — and with the
 * port operations its case covers, which the cell's run must reach. RCLSIM_CONFORMANCE_WRITE=1
 * writes the expected traces and outputs instead and prints the fingerprints: read them before
 * taking them (docs/conformance.md).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { cliPath, lastJsonLine, needs, repoRoot, tempDir } from '../support/helpers.js';
import { CASES, type Case, type CaseName } from './conformance/cases.js';
import { CLIENT_CODE, clientOperationGaps } from './conformance/clientOperations.js';
import { nodePortOperations } from './conformance/nodePortOperations.js';
import { type ClientName, RUNNERS, type Runner } from './conformance/runners.js';

/**
 * Which case covers each operation of NodePort (an entity operation and a graph query by its
 * name): the operation is that row's, and each runner's program of the case must reach it through
 * the port unless the case says why not. A new operation of NodePort without an entry here fails
 * the first test below.
 */
const COVERAGE: Readonly<Record<string, CaseName>> = {
  // executor: contexts, spinning, sim-time waits and continuations, the language's timers, the end
  now: 'executor',
  createContext: 'executor',
  defaultContext: 'executor',
  initContext: 'executor',
  shutdownContext: 'executor',
  contextState: 'executor',
  spin: 'executor',
  hold: 'executor',
  resume: 'executor',
  wakeAt: 'executor',
  cancelWake: 'executor',
  startJsTimer: 'executor',
  jsTimer: 'executor',
  exit: 'executor',
  // entities: nodes and what they are made of
  createNode: 'entities',
  destroyNode: 'entities',
  nodeEntities: 'entities',
  createPublisher: 'entities',
  publish: 'entities',
  createSubscription: 'entities',
  createTimer: 'entities',
  cancelTimer: 'entities',
  resetTimer: 'entities',
  timerState: 'entities',
  createService: 'entities',
  createClient: 'entities',
  sendRequest: 'entities',
  forgetRequest: 'entities',
  serviceIsReady: 'entities',
  waitForService: 'entities',
  defaultMessage: 'entities',
  addAction: 'entities',
  removeAction: 'entities',
  nextGoalId: 'entities',
  createGuardCondition: 'entities',
  triggerGuard: 'entities',
  destroyEntity: 'entities',
  'entityOp:subscriptionCount': 'entities',
  'entityOp:waitForAllAcked': 'entities',
  'entityOp:assertLiveliness': 'entities',
  'entityOp:gid': 'entities',
  'entityOp:publisherCount': 'entities',
  'entityOp:setContentFilter': 'entities',
  'entityOp:clearContentFilter': 'entities',
  'entityOp:qosProfile': 'entities',
  'entityOp:configureIntrospection': 'entities',
  'entityOp:isReady': 'entities',
  'entityOp:nextCallTime': 'entities',
  'entityOp:callTimerWithInfo': 'entities',
  'entityOp:changeTimerPeriod': 'entities',
  'entityOp:takeData': 'entities',
  // parameters
  declareParameters: 'parameters',
  getParameter: 'parameters',
  getParameters: 'parameters',
  setParameters: 'parameters',
  undeclareParameter: 'parameters',
  hasParameter: 'parameters',
  parameterNames: 'parameters',
  hasParameterDescriptor: 'parameters',
  parameterDescriptors: 'parameters',
  parameterOverrides: 'parameters',
  hookParameters: 'parameters',
  // graph
  'queryGraph:getNodeNames': 'graph',
  'queryGraph:getNodeNamesAndNamespaces': 'graph',
  'queryGraph:getNodeNamesAndNamespacesWithEnclaves': 'graph',
  'queryGraph:getTopicNamesAndTypes': 'graph',
  'queryGraph:getServiceNamesAndTypes': 'graph',
  'queryGraph:getPublisherNamesAndTypesByNode': 'graph',
  'queryGraph:getSubscriptionNamesAndTypesByNode': 'graph',
  'queryGraph:getServiceNamesAndTypesByNode': 'graph',
  'queryGraph:getClientNamesAndTypesByNode': 'graph',
  'queryGraph:countPublishers': 'graph',
  'queryGraph:countSubscribers': 'graph',
  'queryGraph:countServices': 'graph',
  'queryGraph:countClients': 'graph',
  'queryGraph:resolveTopicName': 'graph',
  'queryGraph:resolveServiceName': 'graph',
  'queryGraph:countActionClients': 'graph',
  'queryGraph:countActionServers': 'graph',
  'queryGraph:getPublishersInfoByTopic': 'graph',
  'queryGraph:getSubscriptionsInfoByTopic': 'graph',
  'queryGraph:isSpinning': 'graph',
  // job: what a program tells the run (results, end hooks, its end), its log records and assertions
  finishJob: 'job',
  setResult: 'job',
  getResult: 'job',
  onEnd: 'job',
  proposeStartTime: 'job',
  log: 'job',
  loggerLevel: 'job',
  setLoggerLevel: 'job',
  addSublogger: 'job',
  removeSublogger: 'job',
  assertion: 'job',
};

const FIXTURES = 'test/fixtures/conformance';
const WRITE = process.env.RCLSIM_CONFORMANCE_WRITE === '1';
const SPY = pathToFileURL(join(repoRoot, 'dist/test/port/conformance/portSpy.js')).href;

function coveredBy(name: CaseName): string[] {
  return Object.entries(COVERAGE)
    .filter(([, covering]) => covering === name)
    .map(([operation]) => operation);
}

describe('the conformance table covers the node port', () => {
  it('maps every operation of NodePort to a case, and nothing else', () => {
    const operations = nodePortOperations();
    assert.ok(operations.length > 50, `only ${operations.length} operations read from NodePort`);
    const missing = operations.filter((operation) => !(operation in COVERAGE));
    const unknown = Object.keys(COVERAGE).filter((operation) => !operations.includes(operation));
    assert.deepEqual({ missing, unknown }, { missing: [], unknown: [] }, 'each NodePort operation needs a COVERAGE entry and a case that reaches it');
  });

  it('has each covered operation reached by some runner of its case', () => {
    for (const testCase of CASES) {
      for (const operation of coveredBy(testCase.name)) {
        const reaching = RUNNERS.filter((runner) => !testCase.unreached?.[runner.name]?.ops.includes(operation));
        assert.ok(reaching.length > 0, `${operation}: no runner of case ${testCase.name} reaches it`);
      }
      for (const [runner, { ops }] of Object.entries(testCase.unreached ?? {})) {
        assert.ok(
          RUNNERS.some((r) => r.name === runner),
          `case ${testCase.name}: unreached names no runner ${runner}`,
        );
        const foreign = ops.filter((operation) => COVERAGE[operation] !== testCase.name);
        assert.deepEqual(foreign, [], `case ${testCase.name}, ${runner}: unreached operations that are not the case's`);
      }
    }
  });
});

describe('every client has every operation of proto/node.proto', () => {
  // The operations are the .proto's (its port: annotations, through the generated senders): a
  // new one that a client's own code does not call fails here until the client uses it or says
  // why it does not.
  for (const client of Object.keys(CLIENT_CODE) as ClientName[]) {
    it(`${client} calls each operation's sender, or says why not`, () => {
      assert.deepEqual(
        clientOperationGaps(client),
        { unused: [], listedButUsed: [], unknown: [] },
        `${client}: each operation of proto/node.proto is called by the client's code, or listed in test/port/conformance/clientOperations.ts with why not`,
      );
    });
  }
});

interface CellRun {
  status: number | null;
  stdout: string;
  stderr: string;
  trace: string;
  reached: Set<string>;
}

/** Runs one cell: the case's program through the runner, in one rclsim process with the port spy loaded. */
function runCell(runner: Runner, testCase: Case): Promise<CellRun> {
  const dir = tempDir();
  const trace = join(dir, 'cell.trace');
  const ops = join(dir, 'ops');
  const program = `${FIXTURES}/${testCase.name}${runner.ext}`;
  let cwd = repoRoot;
  let command: string[];
  if (testCase.job === true) {
    // The program is copied beside its job file, so that its name in the run is the same in every cell.
    copyFileSync(join(repoRoot, program), join(dir, basename(program)));
    // JSON is YAML.
    writeFileSync(join(dir, 'job.yaml'), JSON.stringify({ name: testCase.name, nodes: [runner.jobEntry(basename(program))] }));
    cwd = dir;
    command = ['run', 'job.yaml'];
  } else {
    command = ['exec', program, ...runner.exec];
  }
  command.push('--json', '--trace', trace, '--until', testCase.until, ...(testCase.args ?? []));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', SPY, cliPath, ...command], {
      cwd,
      env: { ...process.env, RCLSIM_CONFORMANCE_OPS: ops },
      // A C++ cell compiles its program first (and the first one the client library): minutes on a loaded machine.
      timeout: 600_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');
      resolve({ status, stdout, stderr, trace: read(trace), reached: new Set(read(ops).split('\n').filter(Boolean)) });
    });
  });
}

/** The program's own stdout: without the summary's JSON line. */
function programOutput(stdout: string): string {
  const lines = stdout.trimEnd().split('\n');
  return `${lines.slice(0, -1).join('\n')}\n`;
}

describe('the conformance table', { concurrency: WRITE ? 1 : 4 }, () => {
  for (const testCase of CASES) {
    for (const runner of RUNNERS) {
      const notYet = testCase.notYet?.[runner.name];
      const options = notYet !== undefined ? { skip: `not yet: ${notYet}` } : runner.needs === undefined ? {} : needs(runner.needs);
      it(`${testCase.name} × ${runner.name}`, options, async (t) => {
        const cell = await runCell(runner, testCase);
        const summary = lastJsonLine(cell.stdout);
        assert.equal(cell.status, testCase.exitCode ?? 0, cell.stderr);
        const expected = join(repoRoot, FIXTURES, 'expected', `${testCase.name}.${runner.client}`);
        if (WRITE) {
          mkdirSync(join(repoRoot, FIXTURES, 'expected'), { recursive: true });
          writeFileSync(`${expected}.trace`, cell.trace);
          writeFileSync(`${expected}.out`, programOutput(cell.stdout));
          t.diagnostic(`fingerprint ${runner.client}: '${String(summary.fingerprint)}'`);
        } else {
          const fingerprint = testCase.fingerprint[runner.client];
          assert.ok(
            fingerprint !== undefined,
            `case ${testCase.name} has no fingerprint of ${runner.client}: RCLSIM_CONFORMANCE_WRITE=1 (docs/conformance.md)`,
          );
          assert.equal(summary.fingerprint, fingerprint, `fingerprint (rclsim diff ${expected}.trace <this cell's trace> shows where)`);
          assert.equal(cell.trace, readFileSync(`${expected}.trace`, 'utf8'), 'trace');
          assert.equal(programOutput(cell.stdout), readFileSync(`${expected}.out`, 'utf8'), 'stdout');
        }
        const covered = coveredBy(testCase.name);
        const unreached = testCase.unreached?.[runner.name]?.ops ?? [];
        assert.deepEqual(
          {
            notReached: covered.filter((operation) => !cell.reached.has(operation) && !unreached.includes(operation)),
            reachedThoughListedUnreached: unreached.filter((operation) => cell.reached.has(operation)),
          },
          { notReached: [], reachedThoughListedUnreached: [] },
          `port operations of case ${testCase.name} through ${runner.name}`,
        );
      });
    }
  }
});
