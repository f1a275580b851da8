import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../src/engine/Engine.js';
import { EngineTimer } from '../../src/engine/EngineTimer.js';
import type { Executable } from '../../src/engine/Executable.js';

const MS = 1_000_000;
const scope = {};

/** An entity whose callback notes `name` in `order` and then does `then`. */
function entity(entityId: number, name: string, order: string[], then: () => void = () => {}): Executable {
  return {
    nodeId: 0,
    entityId,
    label: name,
    kind: 'subscription',
    owner: 'test',
    scope,
    channel: '',
    digestLo: 0,
    digestHi: 0,
    execute() {
      order.push(name);
      then();
    },
  };
}

function timer(engine: Engine, periodNs: number, name: string, order: string[], then: () => void): EngineTimer {
  const state = new EngineTimer(periodNs, {
    nodeId: 0,
    entityId: 1,
    label: name,
    owner: 'test',
    scope,
    run() {
      order.push(`${name}@${Number(engine.now) / MS}`);
      then();
    },
  });
  engine.addTimer(state);
  return state;
}

describe('the phases of an instant (src/engine/instantPhases.ts)', () => {
  it("runs an afterReady action due at an instant after the callbacks ready then (rclpy's wait with a timeout returns what is ready at its deadline)", async () => {
    const engine = new Engine({ startTime: 0n });
    const order: string[] = [];
    engine.scheduleAt(10n * BigInt(MS), () => order.push('the wait times out'), false, true);
    engine.scheduleAt(10n * BigInt(MS), () => order.push('a delivery due then'));
    const state = timer(engine, 10 * MS, 'timer', order, () => engine.cancelTimer(state));
    assert.equal(await engine.run(), 'idle');
    assert.deepEqual(order, ['a delivery due then', 'timer@10', 'the wait times out']);
  });

  it("runs an afterReady action after the drain that follows its scheduling, before the instant's later actions' events (rclpy's wait of 0 returns what is ready now)", async () => {
    const engine = new Engine({ startTime: 0n });
    const order: string[] = [];
    const state = timer(engine, 10 * MS, 'timer', order, () => {
      engine.cancelTimer(state);
      // A wait of no time, made in the drain: it waits for that drain's end, not for another one.
      engine.scheduleAt(engine.nowAbs, () => order.push('wait of 0 returns'), false, true);
      // An action due now whose event is ready only after it ran (in a later step of the instant).
      engine.scheduleAfter(0, () => {
        order.push('action due now');
        engine.enqueue(entity(2, 'its event', order));
      });
    });
    assert.equal(await engine.run(), 'idle');
    assert.deepEqual(order, ['timer@10', 'wait of 0 returns', 'action due now', 'its event']);
  });

  it('refuses a time before the instant being run as an internal error: sim time never goes back', () => {
    const engine = new Engine({ startTime: 0n });
    engine.start();
    assert.throws(
      () => engine.scheduleAfter(-1, () => {}),
      (error: Error) => !(error instanceof RangeError) && /internal error: a scheduled action at -1 ns .* sim time would go back/.test(error.message),
    );
  });
});
