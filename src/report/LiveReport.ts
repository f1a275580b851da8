import { truncate } from '../base/truncate.js';
import type { Engine } from '../engine/Engine.js';
import { EventLog, type LoggedEvents } from '../engine/EventLog.js';
import type { Simulation } from '../sim/Simulation.js';
import type { LinkPeriod } from './Gathered.js';
import { ReportCollector, type ReportMeta } from './ReportCollector.js';
import type { ReportData } from './ReportData.js';
import { TURTLE_POINTS, TurtleDrawings } from './turtlesSection.js';
import { PATH_HZ, WORLD_CONTACTS, WORLD_PATH_POINTS, WORLD_SHAPES, WorldDrawing } from './worldSection.js';

/** Full logs held before they are applied (16 MB of entries, and the side values noted in them). */
const HELD_LOGS = 64;

export interface LiveReportOptions {
  /** When the run is to end (ns from its start), if it is to (see ReportCollector). */
  plannedEnd?: number | undefined;
  /** See HELD_LOGS. */
  heldLogs?: number | undefined;
  /** When the World section draws the lidars' scans (ns from the start; default: WorldDrawing's). */
  scansAt?: readonly number[] | undefined;
}

/**
 * The report of a run as it goes (rclsim run --report): the engine appends each callback and
 * output to an EventLog; full logs are held, up to HELD_LOGS, and applied to a ReportCollector
 * at the run's end, or when that many are held, in the run's thread. Applied as the run went,
 * each log cost the run several times what it costs at the end (in one 10^6-callback run, +20 %
 * rather than +15 % with the report written): the collector's state and the run's own evict
 * each other from the cache. The network's
 * link statistics are watched on their topic, as a recorder watches, and so are the drawings of
 * turtlesim_nodes (turtlesSection.ts), and the LaserScans the World section draws; the world
 * itself is looked at as sim/WorldView.ts lets (worldSection.ts). Watching changes nothing in the run.
 */
export class LiveReport {
  readonly #engine: Engine;
  readonly #collector: ReportCollector;
  readonly #log: EventLog;
  readonly #held: LoggedEvents[] = [];
  readonly #heldLogs: number;
  readonly #turtles = new TurtleDrawings();
  #world: WorldDrawing | null = null;

  constructor(simulation: Simulation, options: LiveReportOptions = {}) {
    const { plannedEnd, heldLogs = HELD_LOGS, scansAt } = options;
    this.#engine = simulation.engine;
    this.#heldLogs = heldLogs;
    this.#collector = new ReportCollector(plannedEnd);
    this.#log = this.#engine.eventLog = new EventLog((events) => this.#hold(events));
    this.#log.moveTo(this.#engine.now);
    const network = simulation.network;
    if (network !== null) {
      simulation.delivery.watch(network.config.linksTopic, (sample) => {
        const links = (sample.message as { links?: LinkPeriod[] } | null)?.links;
        if (links !== undefined) this.#collector.linkPeriod(this.#engine.now, links);
      });
    }
    // What turtlesim_nodes draw, watched on their drawing topics from their first publisher; so are LaserScans, in a world.
    const drawings = new Set<string>();
    const world = simulation.worldConfig !== null;
    simulation.graph.publisherAdded.push(({ topic, typeName }) => {
      if (drawings.has(topic)) return;
      if (TurtleDrawings.reads(topic, typeName)) {
        drawings.add(topic);
        simulation.delivery.watch(topic, (sample) => {
          if (sample.message !== undefined && sample.message !== null) this.#turtles.add(topic, sample.message);
        });
      } else if (world && typeName === 'sensor_msgs/msg/LaserScan') {
        drawings.add(topic);
        simulation.delivery.watch(topic, (sample) => {
          if (sample.message !== undefined && sample.message !== null) this.#world?.scan(topic, sample.message, this.#engine.now);
        });
      }
    });
    simulation.worldStarts.push((host) => {
      this.#world = new WorldDrawing(host.view, scansAt, plannedEnd);
    });
  }

  #hold(events: LoggedEvents): void {
    this.#held.push(events);
    if (this.#held.length >= this.#heldLogs) this.#applyHeld();
  }

  #applyHeld(): void {
    for (const events of this.#held) {
      this.#collector.applyLog(events);
      this.#log.recycle(events);
    }
    truncate(this.#held);
  }

  /** The report's data; the engine logs no more. */
  finish(meta: ReportMeta): ReportData {
    this.#log.handOver();
    this.#collector.expectEnd(meta.end);
    this.#applyHeld();
    if (this.#engine.eventLog === this.#log) this.#engine.eventLog = null;
    const data = this.#collector.report(meta);
    if (this.#turtles.limited)
      data.limits.push(`turtles' paths are drawn up to ${TURTLE_POINTS.toLocaleString('en-US')} points in all; later strokes are left out`);
    const world = this.#world;
    if (world?.thinned)
      data.limits.push(`the world's paths keep up to ${WORLD_PATH_POINTS.toLocaleString('en-US')} points in all: fewer than ${PATH_HZ} a second`);
    if (world !== null && world.shapesLeftOut > 0)
      data.limits.push(
        `the world's first ${WORLD_SHAPES.toLocaleString('en-US')} obstacle shapes are drawn; ${world.shapesLeftOut.toLocaleString('en-US')} are left out`,
      );
    if (world !== null && world.contactsLeftOut > 0)
      data.limits.push(
        `the first ${WORLD_CONTACTS.toLocaleString('en-US')} contacts are marked; ${world.contactsLeftOut.toLocaleString('en-US')} later ones are left out`,
      );
    return { ...data, turtles: this.#turtles.section(), world: world?.section(meta.end) ?? null };
  }
}
