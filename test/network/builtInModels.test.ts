import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as rclnodejs from '../../src/compat/index.js';
import { Engine } from '../../src/engine/Engine.js';
import { parseJobFile } from '../../src/job/jobFile.js';
import type { NetworkConfig } from '../../src/network/config.js';
import { crosses, crossingPoints, makePrism, obstruction, type Point } from '../../src/network/geometry.js';
import { Network } from '../../src/network/Network.js';
import type { LinkSummary } from '../../src/sim/NetworkMonitor.js';
import { readWithOracle } from '../support/bagOracle.js';
import { at, lastJsonLine, MS, repoRoot, runCli, simulate, tempDir, writeTemp } from '../support/helpers.js';

const BYTES = 'std_msgs/msg/UInt8MultiArray';
const { QoS } = rclnodejs;
const BEST_EFFORT = QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT;
const RELIABLE = QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE;

/** A `network:` section, read as a job file reads it. */
function network(section: string): NetworkConfig {
  const text = `nodes: []\nnetwork:\n${section.replace(/^/gm, '  ')}`;
  return parseJobFile(text, join(tempDir(), 'job.yaml')).network!;
}

/** Host `a` (node `sender`) at the origin and host `b` (node `receiver`) `distance` metres away, 1.5 m up. */
function twoHosts(distance: number, extra = ''): NetworkConfig {
  return network(`hosts:
  - { name: a, nodes: [sender, client], position: [0, 0, 1.5] }
  - { name: b, nodes: [receiver, server], position: [${distance}, 0, 1.5] }
${extra}`);
}

interface Stream {
  /** Arrival times (ms) and first data byte of every message received. */
  arrivals: { ms: number; first: number }[];
  link: LinkSummary;
  lostEvents: number;
  fingerprint: string;
}

/**
 * `sender` publishes a message with `payload` data bytes every `everyMs` until `untilMs`;
 * `receiver` takes them. Both use `reliability`, KEEP_LAST `depth`.
 */
async function stream(
  config: NetworkConfig,
  options: { payload: number; everyMs: number; untilMs: number; endMs: number; reliability: number; depth?: number; seed?: number },
): Promise<Stream> {
  const arrivals: { ms: number; first: number }[] = [];
  let lostEvents = 0;
  const qos = new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, options.depth ?? 10, options.reliability);
  const { summary } = await simulate(
    () => {
      const sender = rclnodejs.createNode('sender');
      const receiver = rclnodejs.createNode('receiver');
      const publisher = sender.createPublisher(BYTES, 'data', { qos });
      let count = 0;
      sender.createTimer(BigInt(options.everyMs) * MS, () => {
        if (count * options.everyMs >= options.untilMs) return;
        const data = new Uint8Array(options.payload);
        data[0] = count++ & 0xff;
        publisher.publish({ data });
      });
      const events = new rclnodejs.SubscriptionEventCallbacks();
      events.messageLost = (status) => {
        lostEvents = status.total_count as number;
      };
      receiver.createSubscription(
        BYTES,
        'data',
        { qos },
        (message) => {
          arrivals.push({ ms: Number(receiver.now().nanoseconds) / 1e6, first: (message as { data: Uint8Array }).data[0]! });
        },
        events,
      );
    },
    { network: config, endAfter: BigInt(options.endMs) * MS, ...(options.seed === undefined ? {} : { seed: options.seed }) },
  );
  const link = summary.network!.links.find((l) => l.from === 'a' && l.to === 'b')!;
  return { arrivals, link, lostEvents, fingerprint: summary.fingerprint };
}

/**
 * A message whose CDR is 41 376 octets: RTPS DATA adds 56, UDP 8, so its datagram is exactly 28
 * IP packets of 1 500 octets (MPDUs of 1 538): the most one A-MPDU carries at MCS 7 within
 * aPPDUMaxTime, so that every exchange carries one message.
 */
const ALIGNED_PAYLOAD = 41_376 - 16;

/**
 * The model's closed form for that saturated link (README, "Network co-simulation"): one
 * exchange per message, DIFS + mean backoff (CWmin/2 slots) + HT PPDU + SIFS + BlockAck at 24 Mbit/s.
 */
function closedFormGoodputMbps(): number {
  const psdu = 27 * 1544 + (4 + 1538);
  const ppdu = 36 + 4 * Math.ceil((22 + 8 * psdu) / 260);
  const blockAck = 20 + 4 * Math.ceil((22 + 8 * 32) / 96);
  const exchange = 34 + 7.5 * 9 + ppdu + 16 + blockAck;
  return (41_376 * 8) / exchange;
}

/** Goodput in Mbit/s of messages that arrived between `fromMs` and `toMs`. */
function goodput(arrivals: { ms: number }[], fromMs: number, toMs: number, bytes: number): number {
  const inWindow = arrivals.filter((a) => a.ms >= fromMs && a.ms < toMs).length;
  return (inWindow * bytes * 8) / ((toMs - fromMs) * 1e3);
}

describe('network co-simulation: hosts, radio links from geometry, DDS over the air', () => {
  it('carries a saturated line-of-sight link at 10 m within 10 % of the closed form, at MCS 7', async () => {
    const result = await stream(twoHosts(10, 'radio: { queue: 100000 }'), {
      payload: ALIGNED_PAYLOAD,
      everyMs: 5,
      untilMs: 3000,
      endMs: 3000,
      reliability: BEST_EFFORT,
      // A history deep enough that the writer drops nothing while it waits for its socket.
      depth: 1000,
    });
    const measured = goodput(result.arrivals, 500, 2500, 41_376);
    const expected = closedFormGoodputMbps();
    assert.ok(Math.abs(measured - expected) / expected < 0.1, `goodput ${measured} Mbit/s, closed form ${expected}`);
    assert.equal(result.link.mcs, 7);
    assert.equal(result.link.lineOfSight, true);
    assert.equal(result.link.queueDrops, 0);
    assert.equal(result.link.messagesLost, 0);
  });

  it('gets slower with distance: saturated goodput falls monotonically from 10 to 65 m', async () => {
    const rates: number[] = [];
    for (const distance of [10, 40, 50, 65]) {
      const result = await stream(twoHosts(distance, 'radio: { queue: 100000 }'), {
        payload: 20_000,
        everyMs: 2,
        untilMs: 1500,
        endMs: 1500,
        reliability: BEST_EFFORT,
        depth: 1000,
      });
      rates.push(goodput(result.arrivals, 250, 1500, 20_016));
    }
    for (let i = 1; i < rates.length; i++) assert.ok(rates[i]! < rates[i - 1]!, `goodput by distance: ${rates.join(', ')} Mbit/s`);
    assert.ok(rates[0]! > 40, `${rates[0]} Mbit/s at 10 m`);
  });

  it('detects no frame weaker than the detection threshold, whatever its SNR: 69 m carries (−81.9 dBm), 70 m not (−82.1 dBm) unless the threshold is lower', async () => {
    const options = { payload: 1000, everyMs: 10, untilMs: 500, endMs: 600, reliability: BEST_EFFORT };
    const near = await stream(twoHosts(69), options);
    const far = await stream(twoHosts(70), options);
    const sensitive = await stream(twoHosts(70, 'radio: { detection_threshold_dbm: -85 }'), options);
    assert.equal(near.arrivals.length, 50);
    assert.equal(near.link.mcs, 3);
    assert.equal(far.arrivals.length, 0);
    assert.ok(far.link.snrDb > 11.8, `SNR ${far.link.snrDb} dB: enough for MCS 3, too weak to detect`);
    assert.equal(sensitive.arrivals.length, 50);
  });

  it('shifts the SNR of a link by exactly the loss of the wall its path crosses (multi-wall model)', async () => {
    const snr = async (wall: string): Promise<LinkSummary> =>
      (await stream(twoHosts(30, wall), { payload: 100, everyMs: 10, untilMs: 50, endMs: 100, reliability: BEST_EFFORT })).link;
    const open = await snr('');
    const blocked = await snr('obstacles: [{ name: wall, footprint: [[14, -5], [16, -5], [16, 5], [14, 5]], height: 10, loss_db: 12.5 }]');
    const above = await snr('obstacles: [{ footprint: [[14, -5], [16, -5], [16, 5], [14, 5]], height: 1 }]');
    assert.equal(open.lineOfSight, true);
    assert.equal(blocked.lineOfSight, false);
    assert.ok(Math.abs(open.snrDb - blocked.snrDb - 12.5) < 1e-9, `${open.snrDb} − ${blocked.snrDb}`);
    // A wall lower than both antennas is no obstacle.
    assert.equal(above.lineOfSight, true);
    assert.equal(above.snrDb, open.snrDb);
  });

  it('drops what does not fit the interface queue (tail drop), and loses those messages', async () => {
    const options = { payload: 20_000, everyMs: 1, untilMs: 500, endMs: 2500, reliability: BEST_EFFORT, depth: 1000 };
    const small = await stream(twoHosts(10, 'radio: { queue: 50 }'), options);
    const large = await stream(twoHosts(10, 'radio: { queue: 100000 }'), options);
    assert.ok(small.link.queueDrops > 0);
    assert.ok(small.link.messagesLost > 0);
    assert.equal(small.lostEvents, small.link.messagesLost, 'each lost message is a message-lost event of the subscription');
    assert.equal(small.arrivals.length + small.link.messagesLost, 500);
    assert.equal(large.link.queueDrops, 0);
    assert.equal(large.arrivals.length, 500);
  });

  it('loses messages best effort where reliable delivers them all, in order, later', async () => {
    // MCS 7 with one attempt per MPDU, 0.5 dB above its threshold: about one MPDU in a hundred fails.
    const marginal = 'radio: { mcs: 7, retry_limit: 1 }';
    const options = { payload: 20_000, everyMs: 50, untilMs: 2000, endMs: 3000 };
    const bestEffort = await stream(twoHosts(36, marginal), { ...options, reliability: BEST_EFFORT });
    const reliable = await stream(twoHosts(36, marginal), { ...options, reliability: RELIABLE });
    assert.ok(bestEffort.link.messagesLost > 0, 'best effort loses messages');
    assert.equal(bestEffort.arrivals.length + bestEffort.link.messagesLost, 40);
    assert.equal(reliable.link.messagesLost, 0);
    assert.deepEqual(
      reliable.arrivals.map((a) => a.first),
      Array.from({ length: 40 }, (_, i) => i),
    );
    assert.ok(reliable.link.framesDropped > 0, 'the reliable run lost frames too, and sent them again');
    // A lost datagram waits for the next heartbeat (100 ms period) and an ACKNACK.
    assert.ok(reliable.link.latencyMax > 0.05, `max latency ${reliable.link.latencyMax} s`);
    assert.ok(bestEffort.link.latencyMax < 0.02, `max latency ${bestEffort.link.latencyMax} s`);
  });

  it('drops from a KEEP_LAST history what a writer faster than its link could not start to send: the newest get through, in order', async () => {
    const result = await stream(twoHosts(10), { payload: 100_000, everyMs: 1, untilMs: 50, endMs: 500, reliability: RELIABLE, depth: 2 });
    const firsts = result.arrivals.map((a) => a.first);
    assert.ok(firsts.length > 2 && firsts.length < 10, `delivered ${firsts.join(', ')}`);
    assert.ok(
      firsts.every((f, i) => i === 0 || f > firsts[i - 1]!),
      'in order',
    );
    assert.equal(firsts[firsts.length - 1], 49, 'the last one written arrives');
    assert.equal(result.link.messagesLost + firsts.length, 50);
    assert.equal(result.lostEvents, result.link.messagesLost);
  });

  it('applies a subscription’s lifespan to what the network delivers late', async () => {
    const heard: number[] = [];
    const { summary } = await simulate(
      () => {
        const sender = rclnodejs.createNode('sender');
        const receiver = rclnodejs.createNode('receiver');
        const publisher = sender.createPublisher(BYTES, 'data');
        const qos = new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, 10);
        qos.lifespan = 20n * MS;
        receiver.createSubscription(BYTES, 'data', { qos }, (m) => heard.push((m as { data: Uint8Array }).data[0]!));
        // Ten 100 kB messages at once: about 14 ms each on the air at MCS 7.
        at(sender, 10, () => {
          for (let i = 0; i < 10; i++) publisher.publish({ data: new Uint8Array(100_000).fill(i) });
        });
      },
      { network: twoHosts(10), endAfter: 500n * MS },
    );
    assert.equal(summary.network!.links.find((l) => l.from === 'a')!.messagesDelivered, 10);
    // Those that took 20 ms or more were dropped when they arrived.
    assert.deepEqual(heard, [0]);
  });

  it('stamps a message received across the network with its arrival time, after its source time', async () => {
    const seen: bigint[] = [];
    await simulate(
      () => {
        const sender = rclnodejs.createNode('sender');
        const receiver = rclnodejs.createNode('receiver');
        const publisher = sender.createPublisher(BYTES, 'data');
        receiver.createSubscription(BYTES, 'data', (_message: unknown, info?: rclnodejs.MessageInfo) => {
          seen.push(info!.receivedTimestamp - info!.sourceTimestamp);
        });
        at(sender, 10, () => publisher.publish({ data: new Uint8Array(1000) }));
      },
      { network: twoHosts(10), endAfter: 100n * MS },
    );
    assert.equal(seen.length, 1);
    // One small datagram at MCS 7: DIFS, a backoff and a PPDU of tens of microseconds, and a Block Ack.
    assert.ok(seen[0]! > 50_000n && seen[0]! < 400_000n, `latency ${seen[0]} ns`);
  });

  it('calls services across hosts, each way a reliable message; nodes on one host talk instantly', async () => {
    const answered: number[] = [];
    await simulate(
      () => {
        const client = rclnodejs.createNode('client');
        const server = rclnodejs.createNode('server');
        const local = rclnodejs.createNode('sender');
        const add = (_request: unknown, response: rclnodejs.ServiceResponse): void => response.send({ sum: 3n });
        server.createService('example_interfaces/srv/AddTwoInts', 'remote_add', add);
        local.createService('example_interfaces/srv/AddTwoInts', 'local_add', add);
        const remote = client.createClient('example_interfaces/srv/AddTwoInts', 'remote_add');
        const near = client.createClient('example_interfaces/srv/AddTwoInts', 'local_add');
        at(client, 10, () => {
          const start = Number(client.now().nanoseconds);
          for (const c of [remote, near]) c.sendRequest({ a: 1n, b: 2n }, () => answered.push(Number(client.now().nanoseconds) - start));
        });
      },
      { network: twoHosts(10), endAfter: 100n * MS },
    );
    assert.equal(answered.length, 2);
    assert.equal(answered[0], 0, 'the local service answers at once');
    assert.ok(answered[1]! > 100_000, `the remote one after two crossings: ${answered[1]} ns`);
  });

  it('runs an action across hosts: goal, feedback, result and cancel cross the network, a little later than locally', () => {
    const dir = tempDir();
    const programs = join(repoRoot, 'test/fixtures/programs');
    const job = writeTemp(
      dir,
      'job.yaml',
      `name: fibonacci
seed: 9
network:
  hosts:
    - { name: s, nodes: [action_server_example_node], position: [0, 0, 1.5] }
    - { name: c, nodes: [action_client_example_node], position: [20, 0, 1.5] }
nodes:
  - script: ${programs}/fibonacci-server.cjs
  - script: ${programs}/fibonacci-client.cjs
`,
    );
    const result = runCli(['run', job, '--json']);
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.split('\n');
    assert.deepEqual(lines.slice(1, 7), [
      'feedback: 0,1,1',
      'feedback: 0,1,1,2',
      'feedback: 0,1,1,2,3',
      'feedback: 0,1,1,2,3,5',
      'result: 0,1,1,2,3,5 (0,1,1,2,3,5, status 4) succeeded: true at 4000',
      'order 50 accepted: false',
    ]);
    // Locally the cancel is served at 6000 ms: here its request and response cross 20 m of air.
    assert.deepEqual(lines.slice(7, 10), ['cancel return code: 0, canceling 1', 'server: goal canceled at 6001', 'canceled: true at 6001']);
    // The goal request crossed before the server began, 0.2 ms in.
    assert.match(result.stderr, /^\[INFO\] \[0\.000\d{6}\] \[action_server_example_node\]: Executing goal\.\.\.$/m);
    assert.doesNotMatch(result.stderr, /\[0\.000000000\] \[action_server_example_node\]/);
    const links = (lastJsonLine(result.stdout).network as { links: LinkSummary[] }).links;
    assert.ok(links.every((l) => l.messagesDelivered > 0 && l.messagesLost === 0));
  });

  it('sees a publisher on a host out of range for longer than its lease as not alive, and alive again when its assertions arrive', async () => {
    const heard: string[] = [];
    // Disk model: in range within 50 m. Host b is 10 m away, 100 m from 2 s to 5 s.
    const config = network(`hosts:
  - { name: a, nodes: [sender], position: [0, 0, 1.5] }
  - name: b
    nodes: [receiver]
    position: { waypoints: [{ at: 0s, position: [10, 0, 1.5] }, { at: 2s, position: [10, 0, 1.5] }, { at: 2001ms, position: [100, 0, 1.5] }, { at: 5s, position: [100, 0, 1.5] }, { at: 5001ms, position: [10, 0, 1.5] }] }
channel: { model: disk, range: 50 }`);
    await simulate(
      () => {
        const sender = rclnodejs.createNode('sender');
        const receiver = rclnodejs.createNode('receiver');
        const qos = new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, 10);
        qos.livelinessLeaseDuration = 1000n * MS;
        sender.createPublisher(BYTES, 'data', { qos });
        const events = new rclnodejs.SubscriptionEventCallbacks();
        events.liveliness = (s) =>
          heard.push(
            `${Number(receiver.now().nanoseconds / MS) - 10_000} ms: alive ${s.alive_count} (${s.alive_count_change}), not alive ${s.not_alive_count} (${s.not_alive_count_change})`,
          );
        receiver.createSubscription(BYTES, 'data', { qos }, () => {}, events);
        // Liveliness traffic alone does not keep a run going.
        receiver.createTimer(100n * MS, () => {});
      },
      // Nodes are built before the start (the clock reads 0): the lease runs from the start.
      { network: config, endAfter: 7000n * MS, startTime: 10_000n * MS },
    );
    assert.deepEqual(heard, [
      // Alive as it matches; its participant asserts it every 2/3 s (at 667, 1333, 2000 ms, …).
      '0 ms: alive 1 (1), not alive 0 (0)',
      // The assertion of 2 s arrived just after it: a lease later, nothing more has.
      '3000 ms: alive 0 (-1), not alive 1 (1)',
      // Back in range at 5 s: the assertion sent at 5333 ms arrives.
      '5333 ms: alive 1 (1), not alive 0 (-1)',
    ]);
  });

  it('shares the channel among hosts: two senders each get about half of what one gets alone, and sometimes collide', async () => {
    const run = async (senders: string[]): Promise<{ rates: number[]; retried: number }> => {
      const arrivals = new Map<string, number>();
      const { summary } = await simulate(
        () => {
          const receiver = rclnodejs.createNode('receiver');
          for (const name of senders) {
            const node = rclnodejs.createNode(name);
            const qos = new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, 1000, BEST_EFFORT);
            const publisher = node.createPublisher(BYTES, `data_${name}`, { qos });
            node.createTimer(2n * MS, () => publisher.publish({ data: new Uint8Array(ALIGNED_PAYLOAD) }));
            receiver.createSubscription(BYTES, `data_${name}`, { qos }, () => {
              if (Number(receiver.now().nanoseconds) >= 500e6) arrivals.set(name, (arrivals.get(name) ?? 0) + 1);
            });
          }
        },
        {
          network: network(`hosts:
  - { name: r, nodes: [receiver], position: [0, 0, 1.5] }
  - { name: s1, nodes: [s1], position: [10, 0, 1.5] }
  - { name: s2, nodes: [s2], position: [0, 10, 1.5] }
radio: { queue: 100000 }`),
          endAfter: 2500n * MS,
        },
      );
      const retried = summary.network!.links.reduce((sum, l) => sum + l.framesRetried, 0);
      return { rates: senders.map((name) => ((arrivals.get(name) ?? 0) * 41_376 * 8) / 2e6), retried };
    };
    const alone = await run(['s1']);
    const shared = await run(['s1', 's2']);
    for (const rate of shared.rates)
      assert.ok(Math.abs(rate / alone.rates[0]! - 0.5) < 0.1, `alone ${alone.rates[0]}, shared ${shared.rates.join(', ')} Mbit/s`);
    assert.ok(shared.rates[0]! + shared.rates[1]! < alone.rates[0]!, 'collisions cost airtime');
    assert.equal(alone.retried, 0);
    assert.ok(shared.retried > 0, 'equal backoffs collide, and the MPDUs go again');
  });

  it('frames a message as RTPS DATA, or DATA_FRAG pieces beyond the largest RTPS message', () => {
    const transport = new Network(new Engine({ startTime: 0n }), twoHosts(10), 0).transport;
    assert.deepEqual(transport.datagramSizes(41_376), [41_432]);
    // 100 000 octets: two pieces of at most 65 432 (65 500 − 68 octets of headers).
    assert.deepEqual(transport.datagramSizes(100_000), [65_500, 34_636]);
  });

  it('plays a bag from a host and records at another what arrives there, when; the link statistics decode with readers we did not write', async () => {
    const dir = tempDir();
    const heard: bigint[] = [];
    let acked: boolean[] = [];
    const { summary } = await simulate(
      async (job) => {
        await job.record({ path: join(dir, 'truth'), topics: ['/topic', '/rclsim/network/links'] });
        await job.record({ path: join(dir, 'at_b'), host: 'b', topics: ['/topic'] });
        await job.play({ bag: join(repoRoot, 'examples/bag-regression/input/talker.mcap'), host: 'a' });
        const receiver = rclnodejs.createNode('receiver');
        receiver.createSubscription('std_msgs/msg/String', '/topic', (_m: unknown, info?: rclnodejs.MessageInfo) => {
          heard.push(info!.receivedTimestamp - info!.sourceTimestamp);
        });
        const sender = rclnodejs.createNode('sender');
        const publisher = sender.createPublisher(BYTES, 'acked');
        receiver.createSubscription(BYTES, 'acked', () => {});
        at(sender, 5, () => {
          publisher.publish({ data: new Uint8Array(50_000) });
          acked = [publisher.waitForAllAcked(1000n)];
          at(sender, 100, () => acked.push(publisher.waitForAllAcked(1000n)));
        });
      },
      {
        network: network(`hosts:
  - { name: a, nodes: [rosbag2_player, sender], position: [0, 0, 1.5] }
  - { name: b, nodes: [receiver], position: [30, 0, 1.5] }
metrics: { period: 500ms }`),
        endAfter: 4000n * MS,
      },
    );
    assert.deepEqual(acked, [false, true], 'in flight right after publish, acknowledged once it arrived');
    assert.ok(heard.length > 0 && heard.every((latency) => latency > 0n), 'the played messages cross from a to b');
    const [truth, atB] = await Promise.all([readWithOracle(join(dir, 'truth')), readWithOracle(join(dir, 'at_b'))]);
    const times = (reading: typeof truth): bigint[] => reading.messages.filter((m) => m.topic === '/topic').map((m) => BigInt(m.log_time));
    assert.equal(times(atB).length, times(truth).length);
    times(atB).forEach((t, i) => assert.ok(t > times(truth)[i]!, 'recorded at b when it got there, after it was published'));
    const links = truth.messages.filter((m) => m.topic === '/rclsim/network/links');
    assert.equal(links.length, 8);
    const last = (links[links.length - 1]!.message as { links: Record<string, unknown>[] }).links.find((l) => l.from_host === 'a')!;
    assert.equal(last.to_host, 'b');
    assert.equal(last.distance, 30);
    assert.equal(last.line_of_sight, true);
    const total = summary.network!.links.find((l) => l.from === 'a')!;
    const delivered = links.reduce(
      (sum, m) =>
        sum + Number((m.message as { links: { from_host: string; messages_delivered: number }[] }).links.find((l) => l.from_host === 'a')!.messages_delivered),
      0,
    );
    assert.equal(delivered, total.messagesDelivered, 'the periods add up to the summary');
  });

  it('is deterministic: the same seed gives the same fingerprint and frame outcomes, another seed other draws', async () => {
    const marginal = 'radio: { mcs: 7, retry_limit: 1 }\nchannel: { shadowing: { sigma_db: 3 } }';
    const options = { payload: 20_000, everyMs: 50, untilMs: 1000, endMs: 1200, reliability: BEST_EFFORT };
    const first = await stream(twoHosts(21, marginal), { ...options, seed: 1 });
    const again = await stream(twoHosts(21, marginal), { ...options, seed: 1 });
    const other = await stream(twoHosts(21, marginal), { ...options, seed: 2 });
    assert.equal(again.fingerprint, first.fingerprint);
    assert.deepEqual(again.arrivals, first.arrivals);
    assert.deepEqual(again.link, first.link);
    assert.notEqual(other.fingerprint, first.fingerprint);
  });
});

describe('the network section of job files, environments and geometry', () => {
  const jobError = (yaml: string, files: Record<string, string> = {}): string => {
    const dir = tempDir();
    for (const [name, content] of Object.entries(files)) writeTemp(dir, name, content);
    try {
      parseJobFile(yaml, join(dir, 'job.yaml'));
    } catch (error) {
      return (error as Error).message.replace(`${dir}/`, '');
    }
    throw new Error('no error');
  };
  const hosts = 'network:\n  hosts:\n    - { name: a, nodes: [x], position: [0, 0] }\n';

  it('names the file, line and field of a mistake', () => {
    assert.equal(
      jobError(`nodes: []\n${hosts}  radio:\n    power: 20\n`),
      'job.yaml:6: network.radio.power: unknown key (expected one of: tx_power_dbm, noise_figure_db, detection_threshold_dbm, mcs, ampdu, retry_limit, queue)',
    );
    assert.equal(
      jobError('nodes: []\nnetwork:\n  hosts:\n    - { name: a, nodes: [x], position: { fixed: 3 } }\n'),
      'job.yaml:4: network.hosts[0].position: must be [x, y] or [x, y, z] (metres), { topic, initial? } (a pose topic), or { waypoints: [{ at, position }, …] }',
    );
    assert.equal(
      jobError(`nodes: []\n${hosts}    - { name: a, nodes: [y], position: [1, 1] }\n`),
      "job.yaml:5: network.hosts[1].name: a second host named 'a'",
    );
    assert.equal(
      jobError(
        'nodes: []\nnetwork:\n  hosts:\n    - name: a\n      nodes: [x]\n      position: { waypoints: [{ at: 2s, position: [0, 0] }, { at: 1s, position: [1, 0] }] }\n',
      ),
      'job.yaml:6: network.hosts[0].position.waypoints[1].at: must come after the waypoint before it',
    );
    assert.equal(jobError(`nodes: []\n${hosts}  radio: { mcs: 9 }\n`), 'job.yaml:5: network.radio.mcs: must be one of: ideal, 0, 1, 2, 3, 4, 5, 6, 7');
    assert.equal(jobError(`nodes: []\n${hosts}  channel: { model: disk }\n`), "job.yaml:5: network.channel: the disk model needs a 'range' (metres)");
    assert.equal(jobError(`nodes: []\nrecord: { path: out, host: b }\n${hosts}`), "job.yaml:2: record.host: no host named 'b' (hosts: a)");
    assert.equal(jobError('nodes: []\nrecord: { path: out, host: b }\n'), "job.yaml:2: record.host: names a host, but the job has no 'network'");
  });

  it('warns of a host that runs no node or never gets a pose, and fails a run whose pose topic has another type', async () => {
    const { summary } = await simulate(() => void rclnodejs.createNode('talker'), {
      network: network('hosts:\n  - { name: a, nodes: [tlaker], position: { topic: /a/pose } }\n  - { name: b, nodes: [talker], position: [0, 0] }'),
      endAfter: 10n * MS,
    });
    assert.deepEqual(summary.warnings, [
      "network host 'a' runs no node when the run starts: none of its patterns (tlaker) matches a node's name",
      "network host 'a' never got a pose on /a/pose: it had no position, and no link",
    ]);
    await assert.rejects(
      simulate(
        () => {
          const node = rclnodejs.createNode('talker');
          const publisher = node.createPublisher('std_msgs/msg/String', '/a/pose');
          at(node, 5, () => publisher.publish('here'));
        },
        { network: network('hosts:\n  - { name: a, nodes: [talker], position: { topic: /a/pose } }'), endAfter: 10n * MS },
      ),
      /network host 'a' takes its position from \/a\/pose, whose type std_msgs\/msg\/String is none of nav_msgs\/msg\/Odometry, geometry_msgs\/msg\/PoseStamped, geometry_msgs\/msg\/PoseWithCovarianceStamped, geometry_msgs\/msg\/Pose/,
    );
  });

  it('reads building footprints from GeoJSON (height is the top, min_height the bottom) and names a bad feature by line', () => {
    const feature = (properties: string, ring = '[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]'): string =>
      `{"type": "Feature", "properties": ${properties}, "geometry": {"type": "Polygon", "coordinates": [${ring}]}}`;
    const geojson = (...features: string[]): string => `{"type": "FeatureCollection", "features": [\n${features.join(',\n')}\n]}\n`;
    const dir = tempDir();
    writeTemp(dir, 'city.geojson', geojson(feature('{"name": "hall", "height": 30, "min_height": 10, "loss_db": 7}'), feature('{"height": 5}')));
    const config = parseJobFile(`nodes: []\n${hosts}  environment: city.geojson\n`, join(dir, 'job.yaml')).network!;
    assert.deepEqual(
      config.obstacles.map((o) => [o.name, o.base, o.top, o.lossDb]),
      [
        ['hall', 10, 30, 7],
        ['features[1]', 0, 5, 20],
      ],
    );
    assert.equal(
      jobError(`nodes: []\n${hosts}  environment: city.geojson\n`, { 'city.geojson': geojson(feature('{"height": 5}'), feature('{"name": "shed"}')) }),
      "city.geojson:3: features[1].properties: missing 'height'",
    );
    assert.equal(
      jobError(`nodes: []\n${hosts}  environment: city.geojson\n`, { 'city.geojson': geojson(feature('{"height": 5}', '[[0, 0], [1, 1]]')) }),
      'city.geojson:2: features[0].geometry.coordinates: must hold polygons whose outer ring has at least 3 [x, y] positions',
    );
    assert.equal(
      jobError(`nodes: []\n${hosts}  environment: nowhere.yaml\n`).replace(/ \(looked for .*\)$/, ''),
      "job.yaml:5: network.environment: no such file 'nowhere.yaml'",
    );
  });

  it('finds line of sight through the notch of a concave building, and none through its arms or roof', () => {
    // An L: the notch is the square (10..20, 10..20).
    const l = makePrism(
      'L',
      [
        [0, 0],
        [20, 0],
        [20, 10],
        [10, 10],
        [10, 20],
        [0, 20],
      ],
      0,
      15,
      10,
    );
    const p = (x: number, y: number, z = 5): Point => ({ x, y, z });
    assert.equal(crosses(p(25, 15), p(12, 18), l), false, 'within the notch');
    assert.equal(crosses(p(25, 5), p(25, 15), l), false, 'beside it');
    assert.equal(crosses(p(25, 5), p(15, 25), l), false, 'across the notch only');
    assert.equal(crosses(p(25, 5), p(-5, 5), l), true, 'through the lower arm');
    assert.equal(crosses(p(15, 25), p(5, -5), l), true, 'through both arms');
    assert.equal(crosses(p(-5, 5, 20), p(25, 5, 20), l), false, 'over the roof');
    assert.equal(crosses(p(-5, 5, 10), p(25, 5, 30), l), true, 'climbing out through the roof');
    assert.equal(crosses(p(5, 5), p(5, 5, 50), l), true, 'an antenna inside');
    assert.deepEqual(
      obstruction(p(-5, 5), p(25, 5), [
        l,
        makePrism(
          'B',
          [
            [30, 0],
            [40, 0],
            [40, 10],
          ],
          0,
          3,
          4,
        ),
      ]),
      { lossDb: 10, crossed: 1 },
    );
    // Where the path enters and leaves (the hop points an external simulator is given), in order.
    const rounded = (points: Point[]): number[][] => points.map((q) => [q.x, q.y, q.z].map((v) => Math.round(v * 1000) / 1000));
    const wall = makePrism(
      'wall',
      [
        [30, 0],
        [31, 0],
        [31, 10],
        [30, 10],
      ],
      0,
      15,
      5,
    );
    assert.deepEqual(rounded(crossingPoints(p(-5, 5), p(35, 5), [wall, l])), [
      [0, 5, 5],
      [20, 5, 5],
      [30, 5, 5],
      [31, 5, 5],
    ]);
    assert.deepEqual(rounded(crossingPoints(p(15, 25), p(5, -5), [l])), [
      [10, 10, 5],
      [6.667, 0, 5],
    ]);
    assert.deepEqual(rounded(crossingPoints(p(-5, 5, 10), p(25, 5, 30), [l])), [
      [0, 5, 13.333],
      [2.5, 5, 15],
    ]);
    assert.deepEqual(crossingPoints(p(25, 15), p(12, 18), [l]), []);
  });
});
