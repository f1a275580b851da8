import type { ParameterOverride } from '../ros/NodeParameters.js';
import { emptyRosArguments, parseRosArguments, type RosArguments } from '../ros/RosArguments.js';
import type { Node } from './Node.js';
import { loadParamsFile, overridesFor, type ParamsRule } from './ParamsFile.js';
import type { Program } from './Program.js';
import type { Simulation } from './Simulation.js';

type ContextState = 'uninitialized' | 'initialized' | 'shutdown';

/**
 * A context of a program (what rclnodejs's Context stands for in the simulation): uninitialized
 * until `init()`, then initialized until `shutdown()`, which destroys its nodes. It belongs to a
 * Program (the job, a component, or a program run by rclsim) and carries the ROS arguments its
 * nodes are created with. When the job's
 * default context shuts down, or every program has nothing left to do, the job finishes (see
 * Simulation#onContextShutdown).
 */
export class Context {
  readonly simulation: Simulation;
  readonly program: Program;
  readonly #nodes: Node[] = [];
  #state: ContextState;
  #initCalled = false;
  #initArguments: RosArguments = emptyRosArguments();
  /** The rules of init()'s params files, each file's apart (read at init, as rcl reads them). */
  #paramsRules: ParamsRule[][] = [];

  constructor(program: Program) {
    this.program = program;
    this.simulation = program.simulation;
    this.#state = program.byJob ? 'initialized' : 'uninitialized';
    program.contexts.push(this);
  }

  /** Who owns the context, for messages: 'job', or the program that created it. */
  get name(): string {
    return this.program.name;
  }

  /** Remapping rules of this context's nodes: the job file's first (the first match wins). */
  get remaps(): RosArguments['remaps'] {
    return [...this.program.jobArguments.remaps, ...this.#initArguments.remaps];
  }

  get enclave(): string {
    return this.#initArguments.enclave;
  }

  /** Whether nodes publish their logs on /rosout: neither the job's nor init()'s arguments disable it. */
  get rosoutLogs(): boolean {
    return this.program.jobArguments.rosoutLogs && this.#initArguments.rosoutLogs;
  }

  /** `init(context, argv)`: takes the ROS arguments of `argv` for nodes created from now on. */
  init(argv: readonly string[]): void {
    // The job's and components' contexts are ready without init(); their code may still call it once.
    const implicit = this.#state === 'initialized' && this.program.byJob && !this.#initCalled;
    if (this.#state !== 'uninitialized' && !implicit) throw new Error('The context has already been initialized.');
    this.#initCalled = true;
    const args = parseRosArguments(argv);
    this.#paramsRules = args.paramsFiles.map((file) => loadParamsFile(file));
    this.#initArguments = args;
    // As rcl's logging: the levels hold for the whole simulation (a process's loggers, there).
    const output = this.simulation.logOutput;
    for (const { logger, level } of args.logLevels) {
      if (logger === null) output.defaultLevel = level;
      else output.setLevel(logger, level);
    }
    this.#state = 'initialized';
  }

  /** Overrides from this context's `-p` arguments and params files in the order given, then the job file's (later ones win). */
  parameterOverridesFor(nodeName: string, nodeFqn: string): ParameterOverride[] {
    return [
      ...argumentOverrides(this.#initArguments, nodeName, nodeFqn, (file) => this.#paramsRules[file]!),
      ...argumentOverrides(this.program.jobArguments, nodeName, nodeFqn, (file) => loadParamsFile(this.program.jobArguments.paramsFiles[file]!)),
    ];
  }

  isInitialized(): boolean {
    return this.#state === 'initialized';
  }

  isShutdown(): boolean {
    return this.#state === 'shutdown';
  }

  isDefaultContext(): boolean {
    return this.program.isDefaultContext(this);
  }

  shutdown(): void {
    if (this.#state === 'shutdown') return;
    for (const node of [...this.#nodes]) node.destroy();
    this.#state = 'shutdown';
    const contexts = this.program.contexts;
    contexts.splice(contexts.indexOf(this), 1);
    this.simulation.onContextShutdown(this);
  }

  onNodeCreated(node: Node): void {
    if (this.#state === 'shutdown') throw new Error('Can not add a Node to a Context that is shutdown');
    if (this.#state === 'uninitialized') {
      throw new Error(`cannot create a node in a context that is not initialized: call rclnodejs.init() first`);
    }
    if (!this.#nodes.includes(node)) this.#nodes.push(node);
  }

  onNodeDestroyed(node: Node): void {
    const index = this.#nodes.indexOf(node);
    if (index >= 0) this.#nodes.splice(index, 1);
  }
}

/**
 * The overrides ROS arguments give a node: its `-p` arguments (no node prefix, or its name) and
 * what its params files (`rulesOf` each file by its place) say of it, in the order given.
 */
export function argumentOverrides(
  args: RosArguments,
  nodeName: string,
  nodeFqn: string,
  rulesOf: (file: number) => readonly ParamsRule[],
): ParameterOverride[] {
  const arguments_ = args.parameters.filter((p) => p.node === null || p.node === nodeName || p.node === nodeFqn);
  const overrides: ParameterOverride[] = [];
  for (let file = 0; file <= args.paramsFiles.length; file++) {
    for (const { parameter, source, afterFiles } of arguments_) if ((afterFiles ?? 0) === file) overrides.push({ parameter, source });
    if (file < args.paramsFiles.length) overrides.push(...overridesFor(rulesOf(file), nodeFqn));
  }
  return overrides;
}
