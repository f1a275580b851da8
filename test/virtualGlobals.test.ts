import assert from 'node:assert/strict';
import { randomUUID as moduleRandomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import * as timersPromises from 'node:timers/promises';
import { Node } from '../src/rcl/Node.js';
import { MS, SECOND, simulate } from './helpers.js';

describe('virtual time and randomness inside a run', () => {
  it('makes Date, performance.now and process.hrtime read sim time', async () => {
    const readings: unknown[] = [];
    await simulate(
      () => {
        new Node('n').createTimer(1500n * MS, () => {
          readings.push(Date.now(), new Date().getTime(), performance.now(), process.hrtime.bigint(), process.hrtime());
          readings.push(new Date(5).getTime(), typeof Date(), new Date() instanceof Date);
        });
      },
      { startTime: 2n * SECOND, endAfter: 0n },
    );
    assert.deepEqual(readings, [2000, 2000, 2000, 2_000_000_000n, [2, 0], 5, 'string', true]);
    assert.ok(Date.now() > 1_700_000_000_000, 'the real Date is back after the run');
  });

  it('draws Math.random and crypto from the seed, independently of each other', async () => {
    const draw = async (seed: number, withCrypto: boolean): Promise<unknown[]> => {
      const values: unknown[] = [];
      await simulate(
        () => {
          if (withCrypto) values.push(crypto.randomUUID(), moduleRandomUUID(), [...crypto.getRandomValues(new Uint8Array(4))]);
          values.push(Math.random(), Math.random());
        },
        { seed },
      );
      return values;
    };
    const a = await draw(1, true);
    const b = await draw(1, true);
    const c = await draw(2, true);
    const withoutCrypto = await draw(1, false);
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
    assert.deepEqual(withoutCrypto, a.slice(3), 'crypto draws do not shift Math.random');
    assert.notEqual(a[0], a[1], 'the global and node:crypto UUIDs come from one stream');
  });

  it('runs setTimeout, setInterval and setImmediate callbacks as events in sim time', async () => {
    const order: string[] = [];
    await simulate(
      (job) => {
        const t = (label: string) => () => order.push(`${label}@${job.now() / MS}`);
        setTimeout(t('timeout'), 30);
        const cleared = setTimeout(t('cleared'), 20);
        clearTimeout(cleared);
        let ticks = 0;
        const interval = setInterval(() => {
          t('interval')();
          if (++ticks === 3) clearInterval(interval);
        }, 10);
        const node = new Node('n');
        const timer = node.createTimer(15n * MS, () => {
          setImmediate(t('immediate'));
          order.push(`timer@${job.now() / MS}`);
          if (job.now() >= 30n * MS) timer.cancel();
        });
      },
      { endAfter: SECOND },
    );
    // A JS timer due at t queues its event at the start of step t, so it runs before the
    // node timers due at t; an immediate queues behind what is already queued.
    assert.deepEqual(order, [
      'interval@10',
      'timer@15',
      'immediate@15',
      'interval@20',
      'timeout@30',
      'interval@30',
      'timer@30',
      'immediate@30',
    ]);
  });

  it('resolves timers/promises on sim time and honours AbortSignal', async () => {
    const events: string[] = [];
    await simulate(
      (job) => {
        void (async () => {
          await timersPromises.setTimeout(250);
          events.push(`slept@${job.now() / MS}`);
          const controller = new AbortController();
          const waiting = timersPromises.setTimeout(1000, 'x', { signal: controller.signal });
          controller.abort();
          await waiting.catch((error: Error) => events.push(`${error.name}@${job.now() / MS}`));
          for await (const _ of timersPromises.setInterval(100)) {
            events.push(`tick@${job.now() / MS}`);
            if (events.length === 4) break;
          }
        })();
      },
      { endAfter: SECOND },
    );
    assert.deepEqual(events, ['slept@250', 'AbortError@250', 'tick@350', 'tick@450']);
  });

  it('puts every original back after the run, even a failed one', async () => {
    const originals = [globalThis.setTimeout, Date, Math.random, performance.now, process.hrtime, crypto.randomUUID];
    await assert.rejects(
      simulate(() => {
        new Node('n').createTimer(MS, () => {
          throw new Error('boom');
        });
      }),
    );
    assert.deepEqual([globalThis.setTimeout, Date, Math.random, performance.now, process.hrtime, crypto.randomUUID], originals);
  });
});

describe('SeededRandom', () => {
  it('tells apart seeds that differ only above 32 bits', async () => {
    const { SeededRandom } = await import('../src/engine/SeededRandom.js');
    const draw = (seed: number): number[] => {
      const random = new SeededRandom(seed, 1);
      return [random.nextUint32(), random.nextUint32()];
    };
    assert.deepEqual(draw(7), draw(7));
    assert.notDeepEqual(draw(7), draw(7 + 2 ** 32));
    assert.throws(() => new SeededRandom(1.5), /safe integer/);
  });
});
