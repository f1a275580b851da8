// rslcpp's synthetic determinism benchmark as ROS 2 nodes, written against the rclnodejs API.
// Topic names are relative, so copies of the graph can live side by side in namespaces.
import { realRandomInt, wallClockNanoseconds } from 'rclsim';
import * as rclnodejs from 'rclsim/rclnodejs';
import { parseUint64, U64 } from './uint64Hash.ts';

const { Parameter, ParameterType, QoS } = rclnodejs;
const UINT64 = 'std_msgs/msg/UInt64';
const TRIGGER = 'std_srvs/srv/Trigger';
const DEPTH_1 = { qos: new QoS(QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST, 1) };

interface Defaults {
  initialState: bigint;
  periodsMs: number[];
  ids: bigint[];
}

/** A benchmark node: its constants come from parameters, with rslcpp's values as defaults. */
class BenchmarkNode extends rclnodejs.Node {
  readonly state: U64;
  readonly periodsMs: number[];
  readonly ids: U64[];
  readonly #busyWaitMaxMs: number;
  readonly #input = new U64();

  constructor(name: string, namespace: string, defaults: Defaults) {
    super(name, namespace);
    this.state = U64.from(this.#declare('initial_state', ParameterType.PARAMETER_INTEGER, defaults.initialState) as bigint);
    this.periodsMs =
      defaults.periodsMs.length === 0
        ? []
        : (this.#declare('periods_ms', ParameterType.PARAMETER_INTEGER_ARRAY, defaults.periodsMs.map(BigInt)) as bigint[]).map(Number);
    this.ids = (this.#declare('ids', ParameterType.PARAMETER_INTEGER_ARRAY, defaults.ids) as bigint[]).map((id) => U64.from(BigInt(id)));
    this.#busyWaitMaxMs = this.#declare('busy_wait_max_ms', ParameterType.PARAMETER_DOUBLE, 0) as number;
  }

  #declare(name: string, type: rclnodejs.ParameterType, value: unknown): unknown {
    return this.declareParameter(new Parameter(name, type, value)).value;
  }

  protected nowNs(): bigint {
    return this.now().nanoseconds;
  }

  /** s = hc(hc(s, id), now) */
  protected timerUpdate(id: U64): void {
    this.busyWait();
    this.state.combine(id).combine(this.#input.set(this.nowNs()));
  }

  /** s = hc(hc(hc(s, id), now), data) */
  protected messageUpdate(id: U64, data: bigint): void {
    this.busyWait();
    this.state.combine(id).combine(this.#input.set(this.nowNs())).combine(this.#input.set(data));
  }

  protected stateMessage(): { data: bigint } {
    return { data: this.state.toBigInt() };
  }

  protected periodNs(index: number): bigint {
    return BigInt(this.periodsMs[index]!) * 1_000_000n;
  }

  /**
   * rslcpp's callback cost model: max · e^(n−20) ms, n uniform in 1…20. It must burn real time
   * with real randomness, so it uses rclsim's escape hatches instead of the virtual globals.
   */
  protected busyWait(): void {
    if (this.#busyWaitMaxMs <= 0) return;
    const ms = this.#busyWaitMaxMs * Math.exp(realRandomInt(1, 21) - 20);
    const until = wallClockNanoseconds() + BigInt(Math.round(ms * 1e6));
    while (wallClockNanoseconds() < until);
  }
}

export class NodeA extends BenchmarkNode {
  constructor(namespace = '') {
    super('NodeA', namespace, { initialState: 55272744n, periodsMs: [100, 50], ids: [11162456753n, 11151784617n, 22255799981n] });
    const t1 = this.createPublisher(UINT64, 't1', DEPTH_1);
    const t2 = this.createPublisher(UINT64, 't2', DEPTH_1);
    this.createTimer(this.periodNs(0), () => {
      this.timerUpdate(this.ids[0]!);
      t1.publish(this.stateMessage());
    });
    this.createTimer(this.periodNs(1), () => {
      this.timerUpdate(this.ids[1]!);
      t2.publish(this.stateMessage());
    });
    this.createSubscription(UINT64, 't5', DEPTH_1, (msg) => this.messageUpdate(this.ids[2]!, msg.data as bigint));
  }
}

export class NodeB extends BenchmarkNode {
  constructor(namespace = '') {
    super('NodeB', namespace, { initialState: 34983402n, periodsMs: [40], ids: [22229447589n, 11111071799n] });
    const t3 = this.createPublisher(UINT64, 't3', DEPTH_1);
    const t5 = this.createPublisher(UINT64, 't5', DEPTH_1);
    this.createSubscription(UINT64, 't2', DEPTH_1, (msg) => {
      this.messageUpdate(this.ids[0]!, msg.data as bigint);
      t3.publish(this.stateMessage());
    });
    this.createTimer(this.periodNs(0), () => {
      this.timerUpdate(this.ids[1]!);
      t5.publish(this.stateMessage());
    });
  }
}

export class NodeC extends BenchmarkNode {
  constructor(namespace = '') {
    super('NodeC', namespace, { initialState: 87997653n, periodsMs: [], ids: [22295316797n, 44442759714n, 22227118361n] });
    const t4 = this.createPublisher(UINT64, 't4', DEPTH_1);
    const s1 = this.createClient(TRIGGER, 's1');
    this.createSubscription(UINT64, 't1', DEPTH_1, (msg) => {
      this.messageUpdate(this.ids[0]!, msg.data as bigint);
      s1.sendRequest({}, (response) => this.messageUpdate(this.ids[1]!, parseUint64(response.message as string)));
    });
    this.createSubscription(UINT64, 't3', DEPTH_1, (msg) => {
      this.messageUpdate(this.ids[2]!, msg.data as bigint);
      t4.publish(this.stateMessage());
    });
  }
}

export class NodeD extends BenchmarkNode {
  constructor(namespace = '') {
    super('NodeD', namespace, { initialState: 11380831n, periodsMs: [], ids: [2227672095n, 33396054244n] });
    const t5 = this.createPublisher(UINT64, 't5', DEPTH_1);
    this.createSubscription(UINT64, 't4', DEPTH_1, (msg) => {
      this.messageUpdate(this.ids[0]!, msg.data as bigint);
      t5.publish(this.stateMessage());
    });
    this.createService(TRIGGER, 's1', () => {
      this.timerUpdate(this.ids[1]!);
      return { success: true, message: this.state.toBigInt().toString() };
    });
  }
}

/** Finishes the job `timeout_s` seconds after its timer first fired. */
export class Monitor extends BenchmarkNode {
  #start: bigint | null = null;

  constructor(onTimeout: () => void, namespace = '') {
    super('Monitor', namespace, { initialState: 0n, periodsMs: [1000], ids: [] });
    const timeoutS = this.declareParameter(new Parameter('timeout_s', ParameterType.PARAMETER_DOUBLE, 100.0)).value as number;
    this.createTimer(this.periodNs(0), () => {
      this.busyWait();
      const now = this.nowNs();
      this.#start ??= now;
      if (Number(now - this.#start) / 1e9 >= timeoutS) onTimeout();
    });
  }
}
