/**
 * The Fuel models nearly every Gazebo world includes by address, for a machine that cannot
 * download them and has no copy in Gazebo's cache: OpenRobotics' `Ground Plane` (a static plane
 * through the origin, facing up, 100 m square) and `Sun` (a directional light: nothing a robot
 * touches or a ray meets). Written from what those models are, as SDF text read like any other.
 */
const KNOWN: Readonly<Record<string, string>> = {
  'openrobotics/ground plane': `<?xml version="1.0"?>
<sdf version="1.6">
  <model name="ground_plane">
    <static>true</static>
    <link name="link">
      <collision name="collision">
        <geometry><plane><normal>0 0 1</normal><size>100 100</size></plane></geometry>
      </collision>
      <visual name="visual">
        <geometry><plane><normal>0 0 1</normal><size>100 100</size></plane></geometry>
        <material><ambient>0.8 0.8 0.8 1</ambient><diffuse>0.8 0.8 0.8 1</diffuse></material>
      </visual>
    </link>
  </model>
</sdf>
`,
  'openrobotics/sun': `<?xml version="1.0"?>
<sdf version="1.6">
  <light type="directional" name="sun">
    <pose>0 0 10 0 0 0</pose>
    <direction>-0.5 0.1 -0.9</direction>
  </light>
</sdf>
`,
};

/**
 * Classic Gazebo's own models that its worlds include by `model://ground_plane` and
 * `model://sun` (osrf/gazebo_models, which Gazebo 11 installs): the ground plane's ODE friction
 * (mu 100, mu2 50) is part of how a robot grips it.
 */
const CLASSIC: Readonly<Record<string, string>> = {
  ground_plane: `<?xml version="1.0"?>
<sdf version="1.5">
  <model name="ground_plane">
    <static>true</static>
    <link name="link">
      <collision name="collision">
        <geometry><plane><normal>0 0 1</normal><size>100 100</size></plane></geometry>
        <surface><friction><ode><mu>100</mu><mu2>50</mu2></ode></friction></surface>
      </collision>
      <visual name="visual">
        <geometry><plane><normal>0 0 1</normal><size>100 100</size></plane></geometry>
      </visual>
    </link>
  </model>
</sdf>
`,
  sun: `<?xml version="1.0"?>
<sdf version="1.4">
  <light type="directional" name="sun">
    <pose>0 0 10 0 0 0</pose>
    <direction>-0.5 0.5 -1.0</direction>
  </light>
</sdf>
`,
};

/** The SDF text of a well-known Fuel model, by owner and name (any case), or null. */
export function knownFuelModel(owner: string, name: string): string | null {
  return KNOWN[`${owner}/${name}`.toLowerCase()] ?? null;
}

/** The SDF text of classic Gazebo's `model://ground_plane` or `model://sun` (with or without a trailing slash), or null. */
export function knownClassicModel(uri: string): string | null {
  const match = /^model:\/\/([^/]+)\/?$/.exec(uri);
  return match === null ? null : (CLASSIC[match[1]!] ?? null);
}
