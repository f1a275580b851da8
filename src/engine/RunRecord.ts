import { Hash64 } from '../base/Hash64.js';
import { type EventLog, isSeen, outputEntry } from './EventLog.js';
import type { EngineObserver, Executable, OutputKind, OutputSource } from './Executable.js';

/** Marks an output in the fingerprint's sequence (see RunRecord#output). */
const OUTPUT_MARK = 0x80000000 | 0;

/**
 * What a run leaves as it goes, told of each instant, callback and output in order: the
 * fingerprint (docs/design.md#determinism-rules, rule 6), the event log a report aggregates, and the observers (traces,
 * perturbation).
 */
export class RunRecord {
  readonly fingerprint = new Hash64();
  readonly fingerprintEnabled: boolean;
  readonly observers: EngineObserver[] = [];
  /** Where every callback and output is appended for a consumer that aggregates them (a report), if one asked. */
  eventLog: EventLog | null = null;

  constructor(fingerprintEnabled: boolean) {
    this.fingerprintEnabled = fingerprintEnabled;
  }

  /** The loop starts at `base` (ns): the callbacks of the first instant ran at its offset 0. */
  started(base: bigint): void {
    if (this.fingerprintEnabled) {
      this.fingerprint.bigint(base);
      this.fingerprint.integer(0);
    }
  }

  /** Sim time moved to `offset`. */
  movedTo(offset: number): void {
    if (this.eventLog !== null) this.eventLog.moveTo(offset);
    // The fingerprint takes the time once per step; the callbacks that follow ran at it.
    if (this.fingerprintEnabled) this.fingerprint.integer(offset);
  }

  /** A callback of `entity` ran, taking `duration` ns of sim time (0: none). */
  callback(entity: Executable, duration: number): void {
    const id = entity.entityId;
    const lo = entity.digestLo;
    const hi = entity.digestHi;
    if (this.fingerprintEnabled) {
      // The entity (ids are unique in a run, and say the node) and what it consumed.
      const fp = this.fingerprint;
      fp.word(id);
      fp.word(lo);
      fp.word(hi);
    }
    const log = this.eventLog;
    if (log !== null) {
      // The common case appended here (see EventLog). Callbacks before the start (now reads 0) count at the start.
      const at = log.length;
      if (at < log.limit && duration === 0 && isSeen(log.seenEntities, id)) {
        log.entries[at] = id;
        log.length = at + 1;
      } else log.callback(entity, id, duration);
    }
    const observers = this.observers;
    for (let i = 0; i < observers.length; i++) observers[i]!.onCallback(entity, id, lo, hi);
  }

  /**
   * An output of the system under simulation (docs/design.md#determinism-rules, rule 6): it counts in the fingerprint,
   * where it happens in the sequence, whether or not anything receives it, and observers see it.
   */
  output(kind: OutputKind, source: OutputSource, digestLo: number, digestHi: number): void {
    const id = source.entityId;
    if (this.fingerprintEnabled) {
      // Three words, as a callback's: the entity (its id with the high bit set, which no
      // callback's id has) and the digest. An entity's outputs are of one kind (a publisher
      // publishes, a service responds), and entity ids are unique in a run.
      const fp = this.fingerprint;
      fp.word(id | OUTPUT_MARK);
      fp.word(digestLo);
      fp.word(digestHi);
    }
    const log = this.eventLog;
    if (log !== null) {
      // The common case appended here (see EventLog).
      const at = log.length;
      if (at < log.limit && isSeen(log.seenSources, id)) {
        log.entries[at] = outputEntry(id, kind);
        log.length = at + 1;
      } else log.output(source, id, kind);
    }
    const observers = this.observers;
    for (let i = 0; i < observers.length; i++) observers[i]!.onOutput?.(kind, source, id, digestLo, digestHi);
  }

  /** The callback about to run of entity `entityId` consumes an item produced at `producedAt`, `now` being now (see Engine#consumed). */
  consumed(entityId: number, producedAt: number, now: number): void {
    const log = this.eventLog;
    if (log !== null && producedAt !== now) log.consumed(entityId, producedAt);
  }
}
