/**
 * Message benchmarks: one publisher to one or ten subscribers in one simulation, a burst of
 * messages per 1 ms timer tick, every subscriber counting what it receives. Figures are
 * delivered messages (subscription callbacks) per wall second of the run.
 */
import { performance } from 'node:perf_hooks';
import { Node } from '../src/client/Node.js';
import { LogOutput } from '../src/ros/LogOutput.js';
import { QoS } from '../src/ros/QoS.js';
import { Simulation } from '../src/sim/Simulation.js';

export interface MessageCase {
  type: string;
  /** A fresh message per publish, as user code builds one. */
  make(i: number): Record<string, unknown>;
  subscribers: number;
  zeroCopy: boolean;
  /** Messages per tick and ticks: bursts keep timer overhead out of the figure. */
  burst: number;
  ticks: number;
}

const SMALL: Pick<MessageCase, 'type' | 'make'> = { type: 'std_msgs/msg/UInt64', make: (i) => ({ data: BigInt(i) }) };

const CLOUD_BYTES = 1 << 20;
const cloudData = new Uint8Array(CLOUD_BYTES).map((_, i) => i & 0xff);
const LARGE: Pick<MessageCase, 'type' | 'make'> = {
  type: 'sensor_msgs/msg/PointCloud2',
  make: (i) => ({
    header: { frame_id: 'lidar', stamp: { sec: i, nanosec: 0 } },
    height: 1,
    width: CLOUD_BYTES / 16,
    fields: [
      { name: 'x', offset: 0, datatype: 7, count: 1 },
      { name: 'y', offset: 4, datatype: 7, count: 1 },
      { name: 'z', offset: 8, datatype: 7, count: 1 },
      { name: 'intensity', offset: 12, datatype: 7, count: 1 },
    ],
    is_bigendian: false,
    point_step: 16,
    row_step: CLOUD_BYTES,
    data: cloudData,
    is_dense: true,
  }),
};

export function messageCase(size: 'small' | 'large', subscribers: number, zeroCopy: boolean): MessageCase {
  return size === 'small'
    ? { ...SMALL, subscribers, zeroCopy, burst: 100, ticks: 4000 / subscribers }
    : { ...LARGE, subscribers, zeroCopy, burst: 1, ticks: 400 / subscribers };
}

/** Runs one case; returns deliveries per wall second of the run (fingerprint on, as by default). */
export async function deliveriesPerSecond(test: MessageCase): Promise<number> {
  const simulation = new Simulation({ logOutput: new LogOutput(() => {}), zeroCopy: test.zeroCopy });
  simulation.enter();
  try {
    const qos = { qos: new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, test.burst) };
    const node = new Node('publisher');
    const publisher = node.createPublisher(test.type, '/data', qos);
    let delivered = 0;
    for (let s = 0; s < test.subscribers; s++) new Node(`subscriber${s}`).createSubscription(test.type, '/data', qos, () => delivered++);
    let i = 0;
    const timer = node.createTimer(1_000_000n, () => {
      for (let b = 0; b < test.burst; b++) publisher.publish(test.make(i++));
      if (i >= test.burst * test.ticks) timer.cancel();
    });
    const start = performance.now();
    await simulation.engine.run();
    const seconds = (performance.now() - start) / 1000;
    const expected = test.burst * Math.ceil(test.ticks) * test.subscribers;
    if (delivered !== expected) throw new Error(`delivered ${delivered} messages, expected ${expected}`);
    return delivered / seconds;
  } finally {
    simulation.exit();
  }
}
