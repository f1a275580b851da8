import assert from 'node:assert/strict';
import { randomUUID as moduleRandomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import * as timersPromises from 'node:timers/promises';
import * as portableMath from '../../src/base/portableMath.js';
import { Node } from '../../src/client/Node.js';
import { MS, SECOND, simulate } from '../support/helpers.js';

describe('virtual time and randomness inside a run', () => {
  it('makes Date, performance.now and process.hrtime read sim time', async () => {
    const readings: unknown[] = [];
    await simulate(
      () => {
        new Node('n').createTimer(1500n * MS, () => {
          // biome-ignore lint/complexity/useDateNow: each way a program reads the clock, `new Date()` among them
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
    assert.deepEqual(order, ['interval@10', 'timer@15', 'immediate@15', 'interval@20', 'timeout@30', 'interval@30', 'timer@30', 'immediate@30']);
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

  it("gives programs the portable Math.sin, exp, pow … (the same bits on every machine), and puts the host's back", async () => {
    const portable: Record<string, unknown> = { ...portableMath };
    const names = Object.keys(portable) as (keyof typeof portableMath)[];
    const originals = names.map((name) => Math[name]);
    // x86-64's Math rounds cos(0.1), exp(1) and pow(3, -0.5) otherwise; pow(1, Infinity) is NaN in JavaScript.
    // biome-ignore lint/style/useExponentiationOperator: a run replaces Math.pow, not the ** operator.
    const calls = (): number[] => [Math.cos(0.1), Math.exp(1), Math.pow(3, -0.5), Math.pow(1, Infinity)];
    const expected = [portableMath.cos(0.1), portableMath.exp(1), portableMath.pow(3, -0.5), NaN];
    const seen: unknown[] = [];
    await simulate(
      () => {
        seen.push(
          names.every((name) => Math[name] === portable[name]),
          calls(),
        );
        new Node('n').createTimer(MS, () => seen.push(calls()));
      },
      { endAfter: MS },
    );
    assert.deepEqual(seen, [true, expected, expected]);
    assert.deepEqual(
      names.map((name) => Math[name]),
      originals,
    );
    assert.equal(Math.exp.toString(), 'function exp() { [native code] }');
  });

  it('puts every original back after the run, even a failed one', async () => {
    const originals = [globalThis.setTimeout, Date, Math.random, Math.sin, performance.now, process.hrtime, crypto.randomUUID];
    await assert.rejects(
      simulate(() => {
        new Node('n').createTimer(MS, () => {
          throw new Error('boom');
        });
      }),
    );
    assert.deepEqual([globalThis.setTimeout, Date, Math.random, Math.sin, performance.now, process.hrtime, crypto.randomUUID], originals);
  });
});

describe('SeededRandom', () => {
  it('tells apart seeds that differ only above 32 bits', async () => {
    const { SeededRandom } = await import('../../src/base/SeededRandom.js');
    const draw = (seed: number): number[] => {
      const random = new SeededRandom(seed, 1);
      return [random.nextUint32(), random.nextUint32()];
    };
    assert.deepEqual(draw(7), draw(7));
    assert.notDeepEqual(draw(7), draw(7 + 2 ** 32));
    assert.throws(() => new SeededRandom(1.5), /safe integer/);
  });
});
