import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as rclnodejs from '../../src/compat/index.js';
import { at, MS, simulate } from '../support/helpers.js';

const { Duration, QoS } = rclnodejs;
const STRING = 'std_msgs/msg/String';

/** A reliable keep-last-10 QoS with the given deadline and liveliness. */
function qosWith(
  deadlineMs: number | null,
  liveliness: number = QoS.LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_AUTOMATIC,
  leaseMs: number | null = null,
): rclnodejs.QoS {
  const qos = new QoS(
    QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
    10,
    QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
    QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_VOLATILE,
    liveliness,
  );
  qos.deadline = deadlineMs === null ? null : new Duration(0n, BigInt(deadlineMs) * MS);
  qos.livelinessLeaseDuration = leaseMs === null ? null : BigInt(leaseMs) * MS;
  return qos;
}

describe('QoS deadline, lifespan and liveliness policies and their events (without a network)', () => {
  it('reports a missed deadline at the exact sim time each period ends without a sample: offered from writes, requested from receipts', async () => {
    const heard: string[] = [];
    const { summary } = await simulate(
      () => {
        const node = rclnodejs.createNode('watched');
        const now = (): number => Number(node.now().nanoseconds / MS);
        const offered = new rclnodejs.PublisherEventCallbacks();
        offered.deadline = (s) => heard.push(`${now()} offered ${s.total_count} (+${s.total_count_change})`);
        const requested = new rclnodejs.SubscriptionEventCallbacks();
        requested.deadline = (s) => heard.push(`${now()} requested ${s.total_count} (+${s.total_count_change})`);
        const publisher = node.createPublisher(STRING, 'x', { qos: qosWith(100) }, offered);
        node.createSubscription(STRING, 'x', { qos: qosWith(100) }, (m) => heard.push(`${now()} got ${m.data}`), requested);
        // The timer goes on (the node is busy), but publishes only twice.
        let ticks = 0;
        node.createTimer(50n * MS, () => {
          if (++ticks <= 2) publisher.publish(`m${ticks}`);
        });
        const [info] = node.getPublishersInfoByTopic('/x');
        assert.deepEqual(info!.qos_profile.deadline, { seconds: 0n, nanoseconds: 100_000_000 });
      },
      // Messages on /x take 20 ms: the subscription's periods start when they arrive.
      { endAfter: 380n * MS, topicDelays: new Map([['/x', 20n * MS]]) },
    );
    assert.deepEqual(heard, [
      '70 got m1',
      '120 got m2',
      // Written at 50 and 100 ms: the offered deadline is missed at 200, 300 ms…
      '200 offered 1 (+1)',
      // …received at 70 and 120 ms: the requested one at 220, 320 ms.
      '220 requested 1 (+1)',
      '300 offered 2 (+1)',
      '320 requested 2 (+1)',
    ]);
    assert.equal(summary.endReason, 'end-time');
  });

  it('drops samples as old as their lifespan: from a late joiner’s replay (writer), on arrival and before take (reader)', async () => {
    const heard: string[] = [];
    await simulate(
      () => {
        const node = rclnodejs.createNode('source');
        const now = (): number => Number(node.now().nanoseconds / MS);
        const listen = (on: rclnodejs.Node, name: string, topic: string, lifespanMs: number | null, transientLocal = false): void => {
          const qos = qosWith(null);
          qos.lifespan = lifespanMs === null ? null : BigInt(lifespanMs) * MS;
          if (transientLocal) qos.durability = QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL;
          on.createSubscription(STRING, topic, { qos }, (m) => heard.push(`${now()} ${name} got ${m.data}`));
        };
        const latched = qosWith(null);
        latched.durability = QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL;
        latched.lifespan = new Duration(0n, 100n * MS);
        const fast = node.createPublisher(STRING, 'fast', { qos: latched });
        const slow = node.createPublisher(STRING, 'slow');
        let ticks = 0;
        node.createTimer(50n * MS, () => {
          if (++ticks > 4) return;
          fast.publish(`f${ticks}`);
          slow.publish(`s${ticks}`);
        });
        // Messages on /slow take 30 ms to arrive.
        listen(node, 'short-lived', '/slow', 20);
        listen(node, 'long-lived', '/slow', 50);
        // A node that does not spin until 230 ms takes what it got then: only what is younger than 40 ms.
        const sleeper = rclnodejs.createNode('sleeper');
        sleeper.stop();
        listen(sleeper, 'sleeper', '/fast', 40);
        // Written at 50…200 ms with a 100 ms lifespan: only f3 (150) and f4 (200) are left to replay.
        at(node, 220, () => listen(node, 'late', '/fast', null, true));
        at(node, 230, () => sleeper.spin());
      },
      { endAfter: 260n * MS, topicDelays: new Map([['/slow', 30n * MS]]) },
    );
    assert.deepEqual(heard, [
      '80 long-lived got s1',
      '130 long-lived got s2',
      '180 long-lived got s3',
      '220 late got f3',
      '220 late got f4',
      '230 long-lived got s4',
      '230 sleeper got f4',
    ]);
  });

  it('tracks liveliness: automatic publishers are alive while they exist, manual ones by writes and assertions within their lease', async () => {
    const heard: string[] = [];
    await simulate(
      () => {
        const node = rclnodejs.createNode('lively');
        const now = (): number => Number(node.now().nanoseconds / MS);
        const changed = (name: string): rclnodejs.SubscriptionEventCallbacks => {
          const events = new rclnodejs.SubscriptionEventCallbacks();
          events.liveliness = (s) =>
            heard.push(`${now()} ${name}: alive ${s.alive_count} (${s.alive_count_change}), not alive ${s.not_alive_count} (${s.not_alive_count_change})`);
          return events;
        };
        const manual = QoS.LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC;
        const lost = new rclnodejs.PublisherEventCallbacks();
        lost.liveliness = (s) => heard.push(`${now()} publisher: liveliness lost ${s.total_count} (+${s.total_count_change})`);
        const manualPublisher = node.createPublisher(STRING, 'manual', { qos: qosWith(null, manual, 100) }, lost);
        node.createSubscription(STRING, 'manual', { qos: qosWith(null, manual, 200) }, () => {}, changed('manual'));
        node.createPublisher(STRING, 'auto', { qos: qosWith(null) });
        node.createSubscription(STRING, 'auto', { qos: qosWith(null) }, () => {}, changed('auto'));
        at(node, 50, () => manualPublisher.publish('first write'));
        at(node, 300, () => manualPublisher.assertLiveliness());
        at(node, 350, () => node.destroyPublisher(manualPublisher));
      },
      { endAfter: 600n * MS },
    );
    assert.deepEqual(heard, [
      // An automatic publisher is alive as the subscription matches it; a manual one only once it writes.
      '0 auto: alive 1 (1), not alive 0 (0)',
      '50 manual: alive 1 (1), not alive 0 (0)',
      // Its 100 ms lease passes without a write or assertion.
      '150 publisher: liveliness lost 1 (+1)',
      '150 manual: alive 0 (-1), not alive 1 (1)',
      '300 manual: alive 1 (1), not alive 0 (-1)',
      // Destroyed while alive: it leaves the alive count.
      '350 manual: alive 0 (-1), not alive 0 (0)',
    ]);
  });

  it('does not keep a run going: a publisher that falls silent ends the run idle', async () => {
    const misses: number[] = [];
    const { summary } = await simulate(() => {
      const node = rclnodejs.createNode('once');
      const events = new rclnodejs.PublisherEventCallbacks();
      events.deadline = (s) => misses.push(s.total_count as number);
      const publisher = node.createPublisher(STRING, 'y', { qos: qosWith(10) }, events);
      const timer = node.createTimer(5n * MS, () => {
        publisher.publish('only');
        timer.cancel();
      });
    });
    assert.equal(summary.endReason, 'idle');
    assert.deepEqual(misses, []);
  });

  it('matches by ROS 2’s request-versus-offer rules for deadline and liveliness, naming the policy that fails', async () => {
    const heard: string[] = [];
    await simulate(
      () => {
        const node = rclnodejs.createNode('matcher');
        const pair = (topic: string, offered: rclnodejs.QoS, requested: rclnodejs.QoS): void => {
          const events = new rclnodejs.SubscriptionEventCallbacks();
          events.incompatibleQos = (s) => heard.push(`${topic}: incompatible, policy ${s.last_policy_kind}`);
          const publisher = node.createPublisher(STRING, topic, { qos: offered });
          node.createSubscription(STRING, topic, { qos: requested }, (m) => heard.push(`${topic}: got ${m.data}`), events);
          node.createTimer(10n * MS, () => publisher.publish('hello'));
        };
        pair('deadline_ok', qosWith(50), qosWith(100));
        pair('deadline_longer', qosWith(200), qosWith(100));
        pair('deadline_none', qosWith(null), qosWith(100));
        pair('manual_wanted', qosWith(null), qosWith(null, QoS.LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC));
        pair('manual_offered', qosWith(null, QoS.LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC), qosWith(null));
        pair('lease_longer', qosWith(null, undefined, 2000), qosWith(null, undefined, 1000));
        // A plain-object QoS (rclnodejs takes those too) with a bigint deadline.
        const plain = { history: 1, depth: 10, reliability: 1, durability: 2, liveliness: 1, avoidRosNameSpaceConventions: false, deadline: 200n * MS };
        pair('plain_object', plain as unknown as rclnodejs.QoS, qosWith(100));
        // The same with parameter overrides allowed: the QoS they start from keeps the deadline.
        const events = new rclnodejs.SubscriptionEventCallbacks();
        events.incompatibleQos = (s) => heard.push(`overridable: incompatible, policy ${s.last_policy_kind}`);
        node.createPublisher(STRING, 'overridable', {
          qos: plain as unknown as rclnodejs.QoS,
          qosOverridingOptions: rclnodejs.QoSOverridingOptions.withDefaultPolicies(),
        });
        node.createSubscription(STRING, 'overridable', { qos: qosWith(100) }, () => {}, events);
        assert.throws(() => (qosWith(null).deadline = 'soon' as never), rclnodejs.TypeValidationError);
        const unset = qosWith(null);
        unset.deadline = 0n;
        assert.equal(unset.deadline, null, 'zero is rmw’s "unspecified": no deadline');
      },
      { endAfter: 15n * MS },
    );
    const { DEADLINE, LIVELINESS } = { DEADLINE: 1 << 2, LIVELINESS: 1 << 3 };
    assert.deepEqual(heard.sort(), [
      `deadline_longer: incompatible, policy ${DEADLINE}`,
      `deadline_none: incompatible, policy ${DEADLINE}`,
      'deadline_ok: got hello',
      `lease_longer: incompatible, policy ${LIVELINESS}`,
      'manual_offered: got hello',
      `manual_wanted: incompatible, policy ${LIVELINESS}`,
      `overridable: incompatible, policy ${DEADLINE}`,
      `plain_object: incompatible, policy ${DEADLINE}`,
    ]);
  });

  it('takes system defaults as Fast DDS does: a publisher reliable and transient local, a subscription best effort and volatile', async () => {
    const heard: string[] = [];
    await simulate(
      () => {
        const node = rclnodejs.createNode('defaults');
        const now = (): number => Number(node.now().nanoseconds / MS);
        const latching = new QoS(
          QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
          1,
          QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
          QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
        );
        const bestEffort = new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, 10, QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT);
        // A system-default publisher keeps its last sample for a transient-local subscription that joins late.
        node.createPublisher(STRING, 'kept', { qos: QoS.profileSystemDefault }).publish('before');
        at(node, 50, () => node.createSubscription(STRING, 'kept', { qos: latching }, (m) => heard.push(`${now()} late joiner got ${m.data}`)));
        // A system-default subscription asks for no reliability: a best-effort publisher's samples reach it.
        node.createSubscription(STRING, 'loose', { qos: QoS.profileSystemDefault }, (m) => heard.push(`${now()} system default got ${m.data}`));
        const loose = node.createPublisher(STRING, 'loose', { qos: bestEffort });
        at(node, 10, () => loose.publish('best effort'));
        const [writer] = node.getPublishersInfoByTopic('/kept');
        const [reader] = node.getSubscriptionsInfoByTopic('/loose');
        heard.push(
          `writer ${writer!.qos_profile.reliability} ${writer!.qos_profile.durability}, reader ${reader!.qos_profile.reliability} ${reader!.qos_profile.durability}`,
        );
      },
      { endAfter: 100n * MS },
    );
    const { ReliabilityPolicy: R, DurabilityPolicy: D } = QoS;
    assert.deepEqual(heard, [
      `writer ${R.RMW_QOS_POLICY_RELIABILITY_RELIABLE} ${D.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL}, reader ${R.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT} ${D.RMW_QOS_POLICY_DURABILITY_VOLATILE}`,
      '10 system default got best effort',
      '50 late joiner got before',
    ]);
  });
});
