import type { PreparedWorkspace } from '../build/prepareWorkspace.js';
import { startComponentContainer } from './componentContainer.js';
import { startComponent } from './components.js';
import { entryInstances } from './entryInstances.js';
import type { JobEvent } from './eventsSection.js';
import type { JobHandle } from './JobHandle.js';
import { JobEvents } from './jobEvents.js';
import { faultNamesOf, type NodeItem, type NodesConfig } from './nodesSection.js';
import { startProgram } from './programs.js';
import { given } from './sectionContext.js';
import { startPackageExecutable } from './startPackageExecutable.js';

/** What starting a job file's entries takes besides them. */
export interface StartOptions {
  /** The job's prepared workspace (where packages' programs come from), if any. */
  workspace: PreparedWorkspace | undefined;
  /** The install prefix whose environment the job's programs get, if any. */
  environmentOf: string | undefined;
  events: readonly JobEvent[];
  /** Whether the job has faults, which name programs (faultNamesOf). */
  faulted: boolean;
}

/**
 * Starts a job file's node entries in `job` (the job's setup): at the start, after their
 * `start_after`, or when an event starts them; a shared container at its first entry, with every
 * component loaded into it. Also starts the job's events.
 */
export async function startEntries(
  job: JobHandle,
  { items, containers }: NodesConfig,
  { workspace, environmentOf, events, faulted }: StartOptions,
): Promise<void> {
  /** What starts an entry, by its id: events start entries so. */
  const starts = new Map<string, () => void>();
  const startedContainers = new Set<string>();
  const jobEvents = events.length === 0 ? null : new JobEvents(job, events, starts);
  const instances = entryInstances(items);
  /** Starts an entry's program now (a shared container: the first entry starts every component it loads). */
  const startEntry = async (item: NodeItem): Promise<void> => {
    const { entry, args, target, jobArguments, where, onExit, interpreter, interpreterWhere, running, sleeps, stdin } = item;
    const watch = entry.id === undefined || jobEvents === null ? {} : { watch: jobEvents.watch(entry.id) };
    if (entry.component !== undefined) {
      // A shared container starts at its first entry, with every component the job loads into it.
      if (entry.container !== undefined && startedContainers.has(entry.container)) return;
      const loaded =
        entry.container === undefined ? items.filter((node) => node.entry === entry) : items.filter((node) => node.entry.container === entry.container);
      if (entry.container !== undefined) startedContainers.add(entry.container);
      const named = entry.namespace !== undefined || entry.name !== undefined;
      const name = entry.container ?? `${entry.package}/${entry.component}${named ? `@${entry.namespace ?? ''}/${entry.name ?? ''}` : ''}`;
      startComponentContainer(
        job.simulation,
        workspace!,
        name,
        loaded.map((node) => ({
          className: node.entry.component!,
          library: node.target,
          nodeArguments: node.jobArguments,
          extraArguments: node.entry.extra_arguments ?? {},
          // launch_ros says each node it loaded ('Loaded node …'): an entry a launch file made.
          launched: node.entry.origin !== undefined,
        })),
        where,
        {
          onExit,
          job,
          ...watch,
          ...given('sleeps', sleeps),
          ...(faulted ? { faultNames: [...new Set(loaded.flatMap((node) => faultNamesOf(node.entry)))] } : {}),
        },
      );
    } else if (entry.package !== undefined) {
      const instance = instances.get(item);
      await startPackageExecutable(job.simulation, workspace!, entry.package, entry.executable!, args, jobArguments, where, {
        running,
        onExit,
        job,
        ...watch,
        ...given('sleeps', sleeps),
        ...given('stdin', stdin),
        // Entries of one executable draw apart (entryInstances: launch's four data_publishers).
        ...given('instance', instance),
        ...(faulted ? { faultNames: faultNamesOf(entry) } : {}),
      });
    } else if (entry.script !== undefined) {
      // Entries of one script draw apart (entryInstances).
      const instance = instances.get(item);
      await startProgram(job.simulation, target, args, jobArguments, where, {
        running,
        ...given('workspace', environmentOf),
        onExit,
        ...watch,
        python: interpreter,
        pythonWhere: interpreterWhere,
        job,
        ...given('sleeps', sleeps),
        ...given('stdin', stdin),
        ...given('instance', instance),
        ...(faulted ? { faultNames: faultNamesOf(entry) } : {}),
      });
    } else await startComponent(job, target, entry.export ?? 'default', jobArguments, where, running, onExit, faulted ? faultNamesOf(entry) : []);
  };
  for (const node of items) {
    if (node.entry.id !== undefined) starts.set(node.entry.id, () => startDuringRun(job, () => startEntry(node)));
  }
  if (jobEvents !== null) job.simulation.spawnsDone.push((id) => jobEvents.spawned(id));
  jobEvents?.start();
  for (const [i, node] of items.entries()) {
    // A shared container starts when its first entry does, with every component loaded into it.
    if (node.entry.container !== undefined && containers.get(node.entry.container) !== i) continue;
    if (node.startAfter === 0n) await startEntry(node);
    // launch's TimerAction: the program starts that long after the start, and the run waits for it.
    else if (node.startAfter !== 'event') startAfter(job, Number(node.startAfter), () => startEntry(node));
  }
}

/** Starts a program `delayNs` of sim time from now, during the run (startDuringRun), the run held open until then. */
export function startAfter(job: JobHandle, delayNs: number, start: () => Promise<unknown>): void {
  const release = job.simulation.holdOpen();
  job.simulation.engine.scheduleAfter(delayNs, () => {
    release();
    startDuringRun(job, start);
  });
}

/**
 * Starts a program during the run: time does not move on until it is loaded (an in-process
 * program's import is real I/O, a separate one's start a handshake), so it starts at this sim
 * time however long that takes, on every machine. The run is held open meanwhile: a program
 * still loading is not yet one the run could see as done.
 */
export function startDuringRun(job: JobHandle, start: () => Promise<unknown>): void {
  const engine = job.simulation.engine;
  const release = job.simulation.holdOpen();
  let loading: Promise<void> | null = null;
  const hook = (): Promise<void> | null => loading;
  engine.beforeAdvance.push(hook);
  loading = start()
    .then(() => undefined)
    .catch((error: unknown) => engine.fail(error))
    .finally(() => {
      loading = null;
      engine.beforeAdvance.splice(engine.beforeAdvance.indexOf(hook), 1);
      release();
    });
}
