"""A MuJoCo model stepped as rclsim's world protocol asks (proto/world.proto): commands applied
at their steps, mj_step for each step, and what is asked of the step reached read after mj_forward,
which computes every quantity (sensors, body poses) of that state without changing the trajectory.
"""

from __future__ import annotations

from dataclasses import dataclass

import mujoco

from world_wire import Command, Writer

ONE_DOF = {int(mujoco.mjtJoint.mjJNT_HINGE): 'hinge', int(mujoco.mjtJoint.mjJNT_SLIDE): 'slide'}


class ModelError(Exception):
    """A model MuJoCo cannot load: one line, naming the file."""


@dataclass
class Frame:
    step: int
    sensor_values: list[float]
    joint_positions: list[float]
    joint_velocities: list[float]
    joint_efforts: list[float]
    poses: list[tuple[float, float, float, float, float, float, float]]


def load(model_file: str, model_text: str, step_ns: int) -> MujocoEngine:
    """The model from its file (what it includes found from its folder) or its text; ModelError as MuJoCo words it."""
    label = model_file or 'the model text'
    try:
        model = mujoco.MjModel.from_xml_path(model_file) if model_file else mujoco.MjModel.from_xml_string(model_text)
    except ValueError as error:
        said = '; '.join(line.strip() for line in str(error).splitlines() if line.strip())
        raise ModelError(said if model_file and model_file in said else f'{label}: {said}') from None
    if step_ns > 0:
        model.opt.timestep = step_ns / 1e9
    return MujocoEngine(model)


class MujocoEngine:
    def __init__(self, model: mujoco.MjModel) -> None:
        self.model = model
        self.data = mujoco.MjData(model)
        self.step = 0
        self.joints = [j for j in range(model.njnt) if int(model.jnt_type[j]) in ONE_DOF]

    @property
    def step_ns(self) -> int:
        return round(self.model.opt.timestep * 1e9)

    def _name(self, kind: mujoco.mjtObj, index: int) -> str:
        return mujoco.mj_id2name(self.model, kind, index) or ''

    def ready(self) -> Writer:
        """What the model offers (Ready): its sensors, actuators, one-degree joints and bodies."""
        m = self.model
        ready = Writer().string(1, f'MuJoCo {mujoco.mj_versionString()} (Python)').uint(2, self.step_ns)
        for s in range(m.nsensor):
            kind = mujoco.mjtSensor(int(m.sensor_type[s])).name.removeprefix('mjSENS_').lower()
            ready.message(3, Writer().string(1, self._name(mujoco.mjtObj.mjOBJ_SENSOR, s)).string(2, kind).uint(3, int(m.sensor_dim[s])))
        for a in range(m.nu):
            low, high = (float(v) for v in m.actuator_ctrlrange[a])
            actuator = Writer().string(1, self._name(mujoco.mjtObj.mjOBJ_ACTUATOR, a)).boolean(2, bool(m.actuator_ctrllimited[a]))
            ready.message(4, actuator.double(3, low).double(4, high))
        for j in self.joints:
            ready.message(5, Writer().string(1, self._name(mujoco.mjtObj.mjOBJ_JOINT, j)).string(2, ONE_DOF[int(m.jnt_type[j])]))
        for b in range(1, m.nbody):
            parent = int(m.body_parentid[b])
            ready.message(6, Writer().string(1, self._name(mujoco.mjtObj.mjOBJ_BODY, b)).string(2, self._name(mujoco.mjtObj.mjOBJ_BODY, parent) if parent else ''))
        return ready

    def advance(self, until: int, commands: list[Command]) -> None:
        """Steps to `until`, each command set just before the step it names."""
        if until < self.step:
            raise ValueError(f'asked to go back to step {until} from step {self.step}')
        ctrl = self.data.ctrl
        pending = iter(commands)
        command = next(pending, None)
        while self.step < until:
            self.step += 1
            while command is not None and command.step <= self.step:
                if command.step < self.step:
                    raise ValueError(f'a command for step {command.step}, which is past (step {self.step})')
                if command.actuator >= self.model.nu:
                    raise ValueError(f'a command for actuator {command.actuator}, which the model has not ({self.model.nu} actuators)')
                ctrl[command.actuator] = command.value
                command = next(pending, None)
            mujoco.mj_step(self.model, self.data)
        if command is not None:
            raise ValueError(f'a command for step {command.step}, past step {until} asked for')

    def frame(self, sensors: list[int], joints: bool, bodies: bool) -> Frame:
        """What is asked of the step reached."""
        m, d = self.model, self.data
        frame = Frame(self.step, [], [], [], [], [])
        if not sensors and not joints and not bodies:
            return frame
        mujoco.mj_forward(m, d)
        for s in sensors:
            if s >= m.nsensor:
                raise ValueError(f'sensor {s}, which the model has not ({m.nsensor} sensors)')
            adr = int(m.sensor_adr[s])
            frame.sensor_values.extend(float(v) for v in d.sensordata[adr:adr + int(m.sensor_dim[s])])
        if joints:
            for j in self.joints:
                dof = int(m.jnt_dofadr[j])
                frame.joint_positions.append(float(d.qpos[int(m.jnt_qposadr[j])]))
                frame.joint_velocities.append(float(d.qvel[dof]))
                frame.joint_efforts.append(float(d.qfrc_actuator[dof]))
        if bodies:
            for b in range(1, m.nbody):
                x, y, z = (float(v) for v in d.xpos[b])
                qw, qx, qy, qz = (float(v) for v in d.xquat[b])
                frame.poses.append((x, y, z, qw, qx, qy, qz))
        return frame


def frame_message(frame: Frame, busy_ns: int) -> Writer:
    message = Writer().uint(1, frame.step).doubles(2, frame.sensor_values)
    message.doubles(3, frame.joint_positions).doubles(4, frame.joint_velocities).doubles(5, frame.joint_efforts)
    for x, y, z, qw, qx, qy, qz in frame.poses:
        message.message(6, Writer().double(1, x).double(2, y).double(3, z).double(4, qw).double(5, qx).double(6, qy).double(7, qz))
    return message.uint(7, busy_ns)

