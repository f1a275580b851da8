import type { Node } from './Node.js';
import type { ParameterOverride } from './NodeParameters.js';
import { loadParamsFile, overridesFor, type ParamsRule } from './ParamsFile.js';
import { emptyRosArguments, parseRosArguments, type RosArguments } from './RosArguments.js';
import { Simulation } from './Simulation.js';

/**
 * rclnodejs's Context. Inside rclsim every context belongs to a simulation and carries the ROS
 * arguments its nodes are created with. Shutting a context down destroys its nodes; when the
 * job's own context, or the last program's, shuts down, the job finishes with exit code 0, as a
 * program ending itself would (see Simulation#onContextShutdown).
 */
export class Context {
  readonly simulation: Simulation;
  /** Who owns the context, for messages: 'job', or the program that created it. */
  readonly name: string;
  readonly nodes: Node[] = [];
  /** Set once a program's own code used rclsim (its module body is running, not loading). */
  hasRunCode = false;
  /**
   * Whether the context's nodes run their callbacks without spin(): true for nodes a job builds
   * (the simulation's executor spins them, as rslcpp's does); false for a program's nodes,
   * which, as in rclnodejs, run callbacks only while spin() or spinOnce() lets them.
   */
  autoSpin = true;
  /** Set when the program called process.exit(): none of its code runs any more. */
  exited = false;
  #shutdown = false;
  #initArguments: RosArguments = emptyRosArguments();
  readonly #jobArguments: RosArguments;
  #paramsRules: ParamsRule[] = [];

  /**
   * `jobArguments` are what a job file says about the nodes of this context (name, namespace,
   * remappings, parameters); they take precedence over the program's own `--ros-args`.
   */
  constructor(simulation: Simulation = Simulation.current(), name?: string, jobArguments: RosArguments = emptyRosArguments()) {
    this.simulation = simulation;
    this.name = name ?? simulation.currentContext().name;
    this.#jobArguments = jobArguments;
  }

  /** Remapping rules of this context's nodes: the job file's first (the first match wins). */
  get remaps(): RosArguments['remaps'] {
    return [...this.#jobArguments.remaps, ...this.#initArguments.remaps];
  }

  /** Takes the ROS arguments of `argv` (what `init(context, argv)` does) for nodes created from now on. */
  setArguments(argv: readonly string[]): void {
    const args = parseRosArguments(argv);
    this.#paramsRules = args.paramsFiles.flatMap((file) => loadParamsFile(file));
    this.#initArguments = args;
  }

  /** Overrides from this context's params files, its `-p` arguments, then the job file's (later ones win). */
  parameterOverridesFor(nodeName: string, nodeFqn: string): ParameterOverride[] {
    const forNode = (args: RosArguments, source: string): ParameterOverride[] =>
      args.parameters
        .filter((p) => p.node === null || p.node === nodeName || p.node === nodeFqn)
        .map((p) => ({ parameter: p.parameter, source }));
    return [
      ...overridesFor(this.#paramsRules, nodeFqn),
      ...forNode(this.#initArguments, 'the --ros-args -p arguments'),
      ...forNode(this.#jobArguments, `the job file's parameters for ${this.name}`),
    ];
  }

  /**
   * The context rclnodejs calls use when none is given: that of the program whose code is
   * running (see Simulation#currentContext).
   */
  static defaultContext(): Context {
    return Simulation.current().currentContext();
  }

  isValid(): boolean {
    return !this.#shutdown;
  }

  isShutdown(): boolean {
    return this.#shutdown;
  }

  shutdown(): void {
    if (this.#shutdown) return;
    this.#shutdown = true;
    for (const node of [...this.nodes]) node.destroy();
    this.simulation.onContextShutdown(this);
  }

  tryShutdown(): void {
    this.shutdown();
  }

  onNodeCreated(node: Node): void {
    if (this.#shutdown) throw new Error('cannot create a node in a context that has been shut down');
    this.nodes.push(node);
  }

  onNodeDestroyed(node: Node): void {
    const index = this.nodes.indexOf(node);
    if (index >= 0) this.nodes.splice(index, 1);
  }
}
