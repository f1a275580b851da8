import { formatSimTime } from '../base/runErrors.js';
import type { JobHandle } from './JobHandle.js';
import { Ros2Commands, type Ros2Life, type Ros2Running } from './ros2Commands.js';
import { readRos2Command } from './ros2Words.js';

/**
 * ros2 commands a live client starts (`rclsim ros2 …` against a run with --foxglove): each runs
 * from the run's next step as a job's `ros2` action would at that sim time, its output for the
 * client alone. When it comes depends on the wall clock, so a run that took one is no longer
 * reproducible: rclsim says so on stderr, with the command and its sim time.
 */
export class LiveCommands {
  readonly #job: JobHandle;
  readonly #commands: Ros2Commands;

  constructor(job: JobHandle) {
    this.#job = job;
    this.#commands = new Ros2Commands(job, false);
  }

  /** Starts `words` (a command line ros2cli would refuse throws a Ros2UsageError). */
  start(words: readonly string[], life: Ros2Life): Ros2Running {
    const command = readRos2Command(words);
    const engine = this.#job.simulation.engine;
    let running: Ros2Running | undefined;
    let cancelled = false;
    // A weak action: a command waiting to start keeps no run going.
    engine.scheduleAfter(
      0,
      () => {
        if (cancelled || this.#job.finished) return;
        process.stderr.write(
          `rclsim: a live client runs \`ros2 ${words.join(' ')}\` at sim time ${formatSimTime(engine.nowAbs)}: from here on this run depends on when it came\n`,
        );
        running = this.#commands.run(command, life);
      },
      true,
    );
    return {
      cancel: () => {
        cancelled = true;
        running?.cancel();
      },
    };
  }
}
