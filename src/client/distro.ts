/**
 * rclnodejs's DistroUtils. The simulation models ROS 2 Jazzy (its message definitions and
 * behaviour), so that is the distro programs see, whatever ROS_DISTRO says.
 */
const DistroId = {
  UNKNOWN: 0,
  ELOQUENT: 1911,
  FOXY: 2006,
  GALACTIC: 2105,
  HUMBLE: 2205,
  IRON: 2305,
  JAZZY: 2405,
  KILTED: 2505,
  LYRICAL: 2605,
  ROLLING: 5000,
  /** rclnodejs 2.x: a distro name it does not know is taken to be newer than Rolling. */
  FUTURE: 9999,
} as const;

const NAMES: Record<string, number> = {
  eloquent: DistroId.ELOQUENT,
  foxy: DistroId.FOXY,
  galactic: DistroId.GALACTIC,
  humble: DistroId.HUMBLE,
  iron: DistroId.IRON,
  jazzy: DistroId.JAZZY,
  kilted: DistroId.KILTED,
  lyrical: DistroId.LYRICAL,
  rolling: DistroId.ROLLING,
};

export const SIMULATED_DISTRO = 'jazzy';

export const DistroUtils = {
  DistroId,
  getDistroId(distroName?: string): number {
    const name = (distroName || SIMULATED_DISTRO).toLowerCase();
    return Object.hasOwn(NAMES, name) ? NAMES[name]! : DistroId.FUTURE;
  },
  getDistroName(distroId?: number): string | undefined {
    if (!distroId) return SIMULATED_DISTRO;
    return Object.keys(NAMES).find((name) => NAMES[name] === distroId);
  },
  getKnownDistroNames(): string[] {
    return Object.keys(NAMES);
  },
};
