import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, needs, repoRoot, runCliAsync, tempDir, writeTemp } from '../support/helpers.js';

const pythonFixtures = join(repoRoot, 'test/fixtures/python');

/** Runs a fixture with its arguments under a job with these top-level lines; the line it printed (before rclsim's summary). */
async function printed(script: string, jobLines: string, args: string[] = [], options: string[] = []): Promise<string> {
  const dir = tempDir();
  copyFileSync(join(pythonFixtures, script), join(dir, script));
  const file = writeTemp(dir, 'job.yaml', `${jobLines}\nnodes:\n  - script: ${script}\n    args: [${args.join(', ')}]\n`);
  const result = await runCliAsync(['run', file, ...options], dir, 60_000);
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.split('\n')[0]!;
}

describe("Python programs: rclpy's executors as the simulation's models (docs/design.md#python-programs)", needs('python3'), () => {
  it("runs one instant's ready callbacks node by node — each node's timers, then its subscriptions — unlike rclcpp's kind-by-kind order or the events executor's", async () => {
    const [rclpy, rclcpp, events] = await Promise.all([
      printed('executor_order.py', ''),
      printed('executor_order.py', "executors: [{ type: single_threaded, nodes: ['*'] }]"),
      printed('executor_order.py', "executors: [{ type: events, nodes: ['*'] }]"),
    ]);
    // rclpy: node a (made first) with its timer, then its subscription, then node b.
    assert.equal(rclpy, 'a.timer | a.subscription 1 | b.timer');
    // rclcpp's single-threaded executor: every timer (by creation), then subscriptions.
    assert.equal(rclcpp, 'b.timer | a.timer | a.subscription 1');
    // The events executor, named by the job: in the order the events came.
    assert.equal(events, 'a.subscription 1 | a.timer | b.timer');
  });

  it('orders the nodes as a Python set of them would, by a permutation drawn from the seed under --seeded-order, the same on every run of a seed', async () => {
    const seeded = (seed: string): Promise<string> => printed('executor_order.py', '', [], ['--seeded-order', '--seed', seed]);
    const orders = await Promise.all(['1', '2', '3', '4', '4'].map(seeded));
    // Within a node rclpy's lists keep their order: only the nodes' order changes.
    for (const order of orders) assert.ok(['a.timer | a.subscription 1 | b.timer', 'b.timer | a.timer | a.subscription 1'].includes(order), order);
    assert.equal(new Set(orders).size, 2, `four seeds gave one order of the two nodes: ${orders[0]}`);
    assert.equal(orders[4], orders[3], 'seed 4 twice');
  });

  it("holds a MultiThreadedExecutor's thread and the callback's mutually exclusive group while a callback sleeps: the group's other callbacks wait, a reentrant group's run meanwhile", async () => {
    const [exclusive, reentrant] = await Promise.all([printed('sleepy_callbacks.py', ''), printed('sleepy_callbacks.py', '', ['reentrant'])]);
    assert.equal(exclusive, 'sleeper starts 100ms, sleeper ends 130ms, other runs 130ms');
    assert.equal(reentrant, 'sleeper starts 100ms, other runs 100ms, sleeper ends 130ms');
  });

  it("goes on with the wait result after a SingleThreadedExecutor's callback slept, holding its one thread: the next node's timer due with it runs then, before a new wait", async () => {
    const [stock, custom] = await Promise.all([printed('sleep_in_wait_result.py', ''), printed('sleep_in_wait_result.py', '', ['custom'])]);
    // b's timer, in a's wait result at 100 ms, runs when a's sleep ends; a's, due again at 200 ms
    // during the sleep, is in the wait after it; at 400 ms a new wait holds both, a's first.
    const expected = 'a 100-250, b 250, a 250-400, a 400-550, b 550';
    assert.equal(stock, expected);
    assert.equal(custom, expected);
  });

  it("asks a callback group of the program's own class before each of its callbacks, and passes over what it refuses until another callback ran", async () => {
    // Three tokens at the start; one more at each 300 ms tick of the other timer, which runs
    // first (made first): 100, 200, 300 (with the token given back then), 400; refused at 500;
    // at 600 right after the token comes; refused at 700 and 800; 900.
    assert.equal(await printed('custom_group.py', ''), '100ms 200ms 300ms 400ms 600ms 900ms');
  });

  it("runs a custom executor's own spin_once: wait_for_ready_callbacks hands it each callback the model grants, its thread pools run them, and a callback queued behind a busy pool runs when a thread is free — the same on every run", async () => {
    const dir = tempDir();
    copyFileSync(join(pythonFixtures, 'pool_executor.py'), join(dir, 'pool_executor.py'));
    const [first, second, verified] = await Promise.all([
      runCliAsync(['exec', 'pool_executor.py', '--json'], dir),
      runCliAsync(['exec', 'pool_executor.py', '--json'], dir),
      runCliAsync(['verify', 'pool_executor.py', '--program', '--runs', '2', '--perturb'], dir),
    ]);
    assert.equal(first.status, 0, first.stderr);
    // The urgent node's ticks run on the two-thread pool on time while the bulk node's timer
    // sleeps on the one-thread pool; the logger's callback granted at 100 ms waits in that pool's
    // queue until 350 ms, before the bulk timer due again; the executor's handlers kept the error.
    const printed = first.stdout.split('\n').slice(0, 12);
    assert.deepEqual(printed, [
      '100 fast_0 urgent tick 0',
      '100 slow_0 bulk work starts',
      '200 fast_0 urgent tick 1',
      '300 fast_0 urgent tick 2',
      '350 slow_0 bulk work ends',
      '350 slow_0 logger heard 0',
      '350 slow_0 bulk work starts',
      '400 fast_0 urgent tick 3',
      '500 fast_0 urgent tick 4',
      '600 slow_0 bulk work ends',
      '600 slow_0 logger heard 1',
      "raised: ValueError('no alarm 1')",
    ]);
    assert.equal(second.status, 0, second.stderr);
    assert.deepEqual(second.stdout.split('\n').slice(0, 12), printed);
    assert.equal(lastJsonLine(second.stdout).fingerprint, lastJsonLine(first.stdout).fingerprint);
    assert.equal(verified.status, 0, verified.stdout + verified.stderr);
  });

  it("runs tasks as rclpy's generator yields them: what is ready at spin_once(timeout_sec=0), one task a turn, the newest first, and a custom executor gets a coroutine under way as its handler", async () => {
    const dir = tempDir();
    copyFileSync(join(pythonFixtures, 'task_turns.py'), join(dir, 'task_turns.py'));
    const result = await runCliAsync(['exec', 'task_turns.py'], dir);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.split('\n').slice(0, 16), [
      // A wait of no time returns what is ready at its deadline; a new generator yields the tasks first.
      "the guard condition's callback",
      'a task made before spin_once',
      'spin_once(timeout_sec=0) returned, the task done: True',
      'a coroutine object as the task gave 42',
      // Jazzy's executors.py 572: `for task, entity, node in reversed(tasks)` (rolling's goes oldest first).
      'second waits',
      'first waits',
      'the timer opens the gate',
      'second goes on',
      'first goes on',
      // The timer's callback, then its coroutine under way at each turn of the tasks (after each
      // callback), handed to the pool like any callback: it goes on in the pool's thread.
      'handed Task of Timer of custom',
      'tick on pool_0',
      'handed Task of Timer of custom',
      'handed Task of Timer of custom',
      'answer on pool_0',
      'handed Task of Timer of custom',
      'tick goes on on pool_0',
    ]);
  });

  it("keeps a node's default callback group mutually exclusive across a MultiThreadedExecutor's threads, and lets a ReentrantCallbackGroup's callbacks overlap", async () => {
    const times = 'execution_times: [{ nodes: ["*"], kind: timer, time: 4ms }]';
    const [exclusive, reentrant] = await Promise.all([printed('callback_groups.py', times), printed('callback_groups.py', times, ['reentrant'])]);
    assert.equal(exclusive, 'one@10ms two@14ms one@20ms two@24ms');
    assert.equal(reentrant, 'one@10ms two@10ms one@20ms two@20ms');
  });
});
