import type { ParameterHookKind } from './NodePort.js';
import type { JsTimerKind, ParameterHook, SpinHow } from './wire/nodeMessages.js';

/**
 * A choice's names in NodePort ('spinOnce') and on the wire (proto/node.proto's enum value,
 * 'SPIN_ONCE'), both ways from one table: WirePort writes with `toWire`, the server reads with
 * `fromWire`, and the two cannot drift apart.
 */
class WireNames<Port extends string, Wire extends string> {
  readonly toWire: Readonly<Record<Port, Wire>>;
  readonly fromWire: Readonly<Record<Wire, Port>>;

  constructor(toWire: Record<Port, Wire>) {
    this.toWire = toWire;
    this.fromWire = Object.fromEntries(Object.entries(toWire).map(([port, wire]) => [wire, port])) as Record<Wire, Port>;
  }
}

export const SPIN_HOW = new WireNames<'spin' | 'spinOnce' | 'stop', SpinHow>({ spin: 'SPIN', spinOnce: 'SPIN_ONCE', stop: 'STOP' });

export const JS_TIMER_KIND = new WireNames<'setTimeout' | 'setInterval' | 'setImmediate', JsTimerKind>({
  setTimeout: 'SET_TIMEOUT',
  setInterval: 'SET_INTERVAL',
  setImmediate: 'SET_IMMEDIATE',
});

export const PARAMETER_HOOK = new WireNames<ParameterHookKind, Exclude<ParameterHook, 'PARAMETER_HOOK_UNSPECIFIED'>>({
  preSet: 'PRE_SET',
  onSet: 'ON_SET',
  postSet: 'POST_SET',
});
