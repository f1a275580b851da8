import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CallbackError } from '../../src/base/runErrors.js';
import { Node } from '../../src/client/Node.js';
import { AbortError, TimeoutError } from '../../src/ros/rclErrors.js';
import { MS, SECOND, simulate } from '../support/helpers.js';

const ADD = 'example_interfaces/srv/AddTwoInts';

describe('Service and Client', () => {
  it('answers through response.send and through the returned value', async () => {
    const sums: bigint[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        node.createService(ADD, 'add_send', (request, response) => {
          const result = response.template;
          result.sum = (request.a as bigint) + (request.b as bigint);
          response.send(result);
        });
        node.createService(ADD, 'add_return', (request) => ({ sum: (request.a as bigint) * (request.b as bigint) }));
        const viaSend = node.createClient(ADD, 'add_send');
        const viaReturn = node.createClient(ADD, 'add_return');
        node.createTimer(MS, () => {
          viaSend.sendRequest({ a: 2n, b: 3n }, (response) => sums.push(response.sum as bigint));
          viaReturn.sendRequest({ a: 2n, b: 3n }, (response) => sums.push(response.sum as bigint));
        });
      },
      { endAfter: MS },
    );
    assert.deepEqual(sums, [5n, 6n]);
  });

  it('isolates the request the client keeps from the one the service gets', async () => {
    const seen: bigint[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        node.createService(ADD, 'add', (request) => {
          seen.push(request.a as bigint);
          return { sum: 0n };
        });
        const client = node.createClient(ADD, 'add');
        node.createTimer(MS, () => {
          const request = { a: 1n, b: 0n };
          client.sendRequest(request, () => {});
          request.a = 100n;
        });
      },
      { endAfter: MS },
    );
    assert.deepEqual(seen, [1n]);
  });

  it('times out sendRequestAsync in sim time, and aborts through a signal', async () => {
    const outcomes: string[] = [];
    await simulate(
      (job) => {
        const node = new Node('n');
        node.createService(ADD, 'silent', () => new Promise(() => {}));
        const client = node.createClient(ADD, 'silent');
        const timer = node.createTimer(10n * MS, async () => {
          timer.cancel();
          try {
            await client.sendRequestAsync({ a: 1n, b: 2n }, { timeout: 250 });
          } catch (error) {
            outcomes.push(`${(error as Error).name}@${job.now() / MS}`);
            assert.ok(error instanceof TimeoutError);
          }
          const controller = new AbortController();
          const pending = client.sendRequestAsync({ a: 1n, b: 2n }, { signal: controller.signal });
          controller.abort();
          await pending.catch((error: unknown) => {
            assert.ok(error instanceof AbortError);
            outcomes.push(`${(error as Error).name}@${job.now() / MS}`);
          });
        });
      },
      { endAfter: SECOND },
    );
    assert.deepEqual(outcomes, ['TimeoutError@260', 'AbortError@260']);
  });

  it('waits for a service in sim time', async () => {
    const outcomes: string[] = [];
    await simulate(
      (job) => {
        const node = new Node('n');
        const client = node.createClient(ADD, 'late');
        const other = node.createClient(ADD, 'never');
        assert.equal(client.isServiceServerAvailable(), false);
        void client.waitForService().then((ok) => outcomes.push(`late:${ok}@${job.now() / MS}`));
        void other.waitForService(300).then((ok) => outcomes.push(`never:${ok}@${job.now() / MS}`));
        const timer = node.createTimer(120n * MS, () => {
          timer.cancel();
          node.createService(ADD, 'late', () => ({ sum: 0n }));
        });
      },
      { startTime: SECOND },
    );
    // The timer was built before the start (1 s), so the server appears at 1000 ms; the
    // 300 ms wait began during construction (clock 0) and ended at the start too.
    assert.deepEqual(outcomes, ['never:false@1000', 'late:true@1000']);
  });

  it('fails the run when an async callback rejects, naming the callback and sim time', async () => {
    await assert.rejects(
      simulate(
        () => {
          const node = new Node('worker');
          node.createTimer(20n * MS, async () => {
            await Promise.resolve();
            throw new Error('sensor offline');
          });
        },
        { endAfter: SECOND },
      ),
      (error: unknown) => {
        assert.ok(error instanceof CallbackError);
        assert.match(error.message, /timer \d+ of node \/worker threw at sim time 0\.020000000s: sensor offline/);
        return true;
      },
    );
  });

  it('keeps the run going for a wait begun after earlier waits timed out (a fired timeout is not counted twice)', async () => {
    const results: string[] = [];
    const { summary } = await simulate(() => {
      const client = new Node('asker').createClient('std_srvs/srv/Trigger', 'nobody');
      void (async () => {
        results.push(`first ${await client.waitForService(0)}`);
        results.push(`second ${await client.waitForService(100)}`);
      })();
    });
    assert.deepEqual(results, ['first false', 'second false']);
    assert.equal(summary.endTime, 100n * MS);
    assert.equal(summary.endReason, 'idle');
  });
});
