import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const ADAPTER = join(repoRoot, 'adapters/mujoco');
/** The arm's physics step (arm.xml's <option timestep="0.002">), ns. */
const STEP_NS = 2_000_000;

/** A copy of test/fixtures/worldEngine: a two-joint arm, a controller holding its shoulder, a listener, jobs for MuJoCo in-process and the adapter. */
function arm(): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'test/fixtures/worldEngine'), dir, { recursive: true });
  // The adapter where it is, not where the copy's relative path would have it.
  writeTemp(dir, 'adapter.yaml', readFileSync(join(dir, 'adapter.yaml'), 'utf8').replace('../../../adapters/mujoco', ADAPTER));
  return dir;
}

const fingerprint = (stdout: string): string => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1] ?? 'none';

/** The controller's commands, each at the step it acts from (the one after the instant it was sent at), and the shoulder's angle it read at 2 s. */
function controlled(stderr: string): { commands: [number, string, number][]; shoulder: number } {
  const lines = logLines(stderr);
  const commands = lines.flatMap((line): [number, string, number][] => {
    const match = /\[controller\]: command (\d+) (\w+) (\S+)$/.exec(line);
    return match === null ? [] : [[Math.floor(Number(match[1]) / STEP_NS) + 1, match[2]!, Number(match[3])]];
  });
  const shoulder = lines.map((line) => /shoulder at 2 s: (\S+) \(shoulder elbow\)$/.exec(line)?.[1]).find((value) => value !== undefined);
  assert.ok(shoulder !== undefined, lines.join('\n'));
  return { commands, shoulder: Number(shoulder) };
}

/** MuJoCo's WebAssembly build alone: the model stepped to `until` with the commands set before their steps; the shoulder's angle. */
async function wasmAlone(model: string, until: number, commands: [number, string, number][]): Promise<number> {
  // biome-ignore lint/suspicious/noExplicitAny: MuJoCo's module, as its own tests use it
  const mj: any = await ((await import('mujoco')) as unknown as { default: () => Promise<unknown> }).default();
  mj.FS.mkdir('/alone');
  mj.FS.writeFile('/alone/arm.xml', readFileSync(model, 'utf8'));
  const m = mj.MjModel.mj_loadXML('/alone/arm.xml');
  const d = new mj.MjData(m);
  const actuator = (name: string): number => mj.mj_name2id(m, mj.mjtObj.mjOBJ_ACTUATOR.value, name);
  for (let step = 1, next = 0; step <= until; step++) {
    for (; next < commands.length && commands[next]![0] === step; next++) d.ctrl[actuator(commands[next]![1])] = commands[next]![2];
    mj.mj_step(m, d);
  }
  return d.qpos[0];
}

describe('a world another physics engine steps: MuJoCo in lockstep, its sensors published and its actuators driven from ROS topics', () => {
  it("holds the arm as MuJoCo alone does: the shoulder's angle at 2 s has the bits of MuJoCo stepped alone with the same commands from the same steps", async () => {
    const dir = arm();
    const result = runCli(['run', 'mujoco.yaml'], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    const { commands, shoulder } = controlled(result.stderr);
    // A command at each /joint_states (100 Hz: every 5th step), acting from the next step.
    assert.deepEqual(
      commands.slice(0, 3).map(([step, actuator]) => [step, actuator]),
      [
        [6, 'shoulder_motor'],
        [6, 'elbow_servo'],
        [11, 'shoulder_motor'],
      ],
    );
    assert.ok(Math.abs(shoulder - 0.6) < 0.15, `the shoulder is held near 0.6 rad: ${shoulder}`);
    assert.equal(shoulder, await wasmAlone(join(dir, 'arm.xml'), 1000, commands));
  });

  it('publishes a sensor, the joint states and the bodies as tf at their rates, stamped at the engine step they come at', () => {
    const dir = arm();
    const result = runCli(['run', 'mujoco.yaml', '--until', '100ms'], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    const lines = logLines(result.stderr).filter((line) => line.includes('[listener]'));
    // tip_pos at 50 Hz (every 10th step), in the world frame; tf at 10 Hz, each named body from the world frame.
    assert.match(lines[0]!, /^\[INFO\] \[0\.020000000\] \[listener\]: tip 0\.020000000 world x 0\.\d+ z 0\.\d+$/);
    assert.match(lines[1]!, /^\[INFO\] \[0\.040000000\] \[listener\]: tip 0\.040000000 world /);
    assert.ok(lines.includes('[INFO] [0.100000000] [listener]: tf 0.100000000 world->upper_arm, 0.100000000 world->forearm'), lines.join('\n'));
  });

  it('gives the same fingerprint on every run, and under --perturb', () => {
    const dir = arm();
    const first = runCli(['run', 'mujoco.yaml', '--until', '500ms'], dir, 120_000);
    const second = runCli(['run', 'mujoco.yaml', '--until', '500ms'], dir, 120_000);
    const perturbed = runCli(['run', 'mujoco.yaml', '--until', '500ms', '--perturb'], dir, 120_000);
    assert.equal(first.status, 0, first.stderr);
    assert.notEqual(fingerprint(first.stdout), 'none');
    assert.equal(fingerprint(second.stdout), fingerprint(first.stdout));
    assert.equal(fingerprint(perturbed.stdout), fingerprint(first.stdout));
  });

  it('fails with one line naming the model file as MuJoCo says what is wrong with it (exit 2)', () => {
    const dir = arm();
    writeTemp(
      dir,
      'bad.xml',
      '<mujoco>\n<worldbody>\n<body name="a">\n<joint type="hingex"/>\n<geom type="sphere" size="0.1"/>\n</body>\n</worldbody>\n</mujoco>\n',
    );
    writeTemp(dir, 'bad.yaml', 'end: { after: 1s }\nworld:\n  mujoco: bad.xml\n');
    const result = runCli(['run', 'bad.yaml'], dir, 120_000);
    assert.equal(result.status, 2, result.stderr);
    assert.equal(result.stderr.trim(), `rclsim: MuJoCo: ${join(dir, 'bad.xml')}: XML Error: invalid keyword: 'hingex'; Element 'joint', line 4`);
  });

  it('names a sensor or an actuator the model has not, with those it has (exit 2)', () => {
    const dir = arm();
    writeTemp(dir, 'wrong.yaml', 'end: { after: 1s }\nworld:\n  mujoco: arm.xml\n  publish:\n    - { sensor: elbow_vel, topic: /v, rate: 10 }\n');
    const result = runCli(['run', 'wrong.yaml'], dir, 120_000);
    assert.equal(result.status, 2, result.stderr);
    assert.equal(
      result.stderr.trim(),
      `rclsim: world.publish[0].sensor: ${join(dir, 'arm.xml')} has no sensor 'elbow_vel' (its sensors: shoulder_pos, shoulder_vel, elbow_pos, tip_pos)`,
    );
  });

  it('fails with one line naming an engine that dies and its last words (exit 2)', needs('pip mujoco'), () => {
    const dir = arm();
    writeTemp(
      dir,
      'dies.yaml',
      `end: { after: 1s }\nworld:\n  engine: { command: [python3, dying_engine.py, ${ADAPTER}], model: arm.xml }\n  publish:\n    - { joint_states: /joint_states, rate: 10 }\n`,
    );
    const result = runCli(['run', 'dies.yaml'], dir, 120_000);
    assert.equal(result.status, 2, result.stderr);
    assert.equal(result.stderr.trim(), `rclsim: world engine 'python3 dying_engine.py ${ADAPTER}': it exited (code 3): dying_engine: out of cheese`);
  });

  describe('an engine behind the world protocol: MuJoCo in its own process (adapters/mujoco, pip mujoco)', needs('pip mujoco'), () => {
    it("holds the arm as the adapter stepping alone does: the shoulder's angle at 2 s, bit for bit, the same fingerprint again and under --perturb", () => {
      const dir = arm();
      const result = runCli(['run', 'adapter.yaml'], dir, 120_000);
      assert.equal(result.status, 0, result.stderr);
      const { commands, shoulder } = controlled(result.stderr);
      const alone = execFileSync('python3', [join(ADAPTER, 'rclsim_mujoco.py'), '--replay', join(dir, 'arm.xml')], {
        input: JSON.stringify({ until: 1000, commands }),
        encoding: 'utf8',
      });
      // JSON's numbers are the shortest that give back the same double, in Python as in JavaScript.
      assert.equal(shoulder, (JSON.parse(alone) as number[])[0]);
      const again = runCli(['run', 'adapter.yaml', '--perturb'], dir, 120_000);
      assert.equal(fingerprint(again.stdout), fingerprint(result.stdout));
    });

    it('ends the engine with the run when rclsim is interrupted (exit 130)', async () => {
      const dir = arm();
      // The adapter by way of a script that says its process id first.
      writeTemp(dir, 'engine.sh', `#!/bin/sh\necho $$ > engine.pid\nexec python3 ${join(ADAPTER, 'rclsim_mujoco.py')} "$@"\n`);
      chmodSync(join(dir, 'engine.sh'), 0o755);
      writeTemp(
        dir,
        'long.yaml',
        readFileSync(join(dir, 'adapter.yaml'), 'utf8')
          .replace('after: 2s', 'after: 1h')
          .replace(/command: \[[^\]]*\]/, 'command: [./engine.sh]'),
      );
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [cliPath, 'run', 'long.yaml', '--quiet'], { cwd: dir, stdio: 'ignore' });
        const poll = setInterval(() => {
          if (!existsSync(join(dir, 'engine.pid'))) return;
          clearInterval(poll);
          child.kill('SIGINT');
        }, 20);
        child.on('close', (exit) => resolve(exit));
      });
      assert.equal(code, 130);
      // Killed as the run ended; gone once the system has reaped it (a zombie still answers kill 0).
      const pid = Number(readFileSync(join(dir, 'engine.pid'), 'utf8'));
      const alive = (): boolean => {
        try {
          process.kill(pid, 0);
          return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
        } catch {
          return false;
        }
      };
      assert.equal(alive(), false, `the engine (process ${pid}) outlived the run: ${alive() ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : ''}`);
    });

    it('fails with one line naming the model file as MuJoCo says what is wrong with it (exit 2)', () => {
      const dir = arm();
      writeTemp(dir, 'missing.yaml', `end: { after: 1s }\nworld:\n  engine: { command: [${join(ADAPTER, 'rclsim_mujoco.py')}], model: arm.xml }\n`);
      const model = join(dir, 'arm.xml');
      writeTemp(dir, 'arm.xml', '<mujoco>\n<worldbody>\n<body name="a">\n<joint type="hinge"/>\n</worldbody>\n</mujoco>\n');
      const result = runCli(['run', 'missing.yaml'], dir, 120_000);
      assert.equal(result.status, 2, result.stderr);
      assert.equal(
        result.stderr.trim(),
        `rclsim: world engine '${join(ADAPTER, 'rclsim_mujoco.py')}': ${model}: XML parse error 14:; Error=XML_ERROR_MISMATCHED_ELEMENT ErrorID=14 (0xe) Line number=3: XMLElement name=body`,
      );
    });
  });
});
