/**
 * The launch plan: what evaluating a launch file gives (docs/launch-plan.md, written by
 * clients/python/rclsim/_launch_plan.py). Every action names the launch file and line that made it.
 */

export interface LaunchPlan {
  version: 1;
  /** The launch file evaluated (absolute). */
  file: string;
  arguments: LaunchArgument[];
  actions: LaunchAction[];
}

export interface LaunchArgument {
  name: string;
  default: string | null;
  /** The default as launch describes it (`'text'`, `LaunchConfig('x') + '/a'`), as --show-args prints it. */
  described_default: string | null;
  /** Declared inside a condition (launch's `_conditionally_included`): --show-args marks it with `*`. */
  conditional: boolean;
  /** As launch has it: 'no description given', or with its choices appended. */
  description: string;
  choices: string[] | null;
  file: string;
  line: number;
}

/** Where an action was made. */
interface Made {
  file: string;
  line: number;
}

/** A node's parameters in the order given: a file as --params-file, or values as -p name:=yaml. */
export type PlanParameters = ({ file: string } | { values: [string, string][] })[];

interface ProcessCommon extends Made {
  id: string;
  env: Record<string, string>;
  output: string;
  respawn: boolean;
  /** Seconds. */
  respawn_delay: number;
  /** -1: no limit. */
  respawn_max_retries: number;
  on_exit: LaunchAction[];
}

export interface PlanNode extends ProcessCommon {
  kind: 'node';
  package: string;
  executable: string;
  name: string | null;
  namespace: string | null;
  parameters: PlanParameters;
  remappings: [string, string][];
  arguments: string[];
  ros_arguments: string[];
  lifecycle: boolean;
}

export interface PlanProcess extends ProcessCommon {
  kind: 'process';
  cmd: string[];
  name: string | null;
  cwd: string | null;
  /** `cmd`'s items joined are one shell command line. */
  shell: boolean;
}

export interface PlanComposable extends Made {
  package: string;
  plugin: string;
  name: string | null;
  namespace: string | null;
  parameters: PlanParameters;
  remappings: [string, string][];
  extra_arguments: Record<string, unknown>;
}

export interface PlanContainer extends ProcessCommon {
  kind: 'container';
  package: string;
  executable: string;
  name: string;
  namespace: string | null;
  parameters: PlanParameters;
  remappings: [string, string][];
  arguments: string[];
  composable_nodes: PlanComposable[];
}

export type LaunchAction =
  | PlanNode
  | PlanProcess
  | PlanContainer
  | ({ kind: 'load'; target_container: string; composable_nodes: PlanComposable[] } & Made)
  | ({ kind: 'timer'; period: number; actions: LaunchAction[] } & Made)
  | ({ kind: 'on_process_start' | 'on_process_exit'; target: string | null; actions: LaunchAction[] } & Made)
  | ({ kind: 'on_process_io'; target: string | null; stream: 'stdout' | 'stderr'; actions: LaunchAction[] } & Made)
  | ({ kind: 'on_shutdown'; actions: LaunchAction[] } & Made)
  | ({ kind: 'on_state_transition'; target: string | null; start_state: string | null; goal_state: string | null; actions: LaunchAction[] } & Made)
  | ({ kind: 'change_state'; target: string; transition: number } & Made)
  | ({ kind: 'log'; message: string } & Made)
  /** A substitution that failed in a handler's actions: launch fails there when the event happens. */
  | ({ kind: 'error'; message: string } & Made)
  | ({ kind: 'shutdown'; reason: string } & Made);
