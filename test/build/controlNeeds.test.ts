import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { builtWorkspace } from '../support/builtWorkspace.js';
import { needs, repoRoot, runCli } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A workspace's build and a run of its program; rclsim's C++ client is built before, in a hook
// with no time limit.
const BUILD_MS = 400_000;

// What ros2_control's Jazzy packages use of rclcpp and below (test/fixtures/cpp/control_needs).
describe('C++ packages: what ros2_control uses of rclcpp, rcpputils, rcl, rmw and libstatistics_collector', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("finds libstatistics_collector through rclcpp and by itself, has rclcpp's version macros, rcpputils' pointer traits and rolling mean, rcl's flags, the ABI's demangler through rclcpp, upstream's moving-average statistics; ament_python_install_package's SCRIPTS_DESTINATION gets the setup.cfg's console scripts; ament_auto_package exports its libraries; pluginlib finds tinyxml2_vendor's TinyXML2; an inactive lifecycle publisher publishes through rclcpp::Publisher; what control_toolbox and diff_drive_controller include (rcl_duration_value_t through rclcpp/duration.hpp, create_publisher through rclcpp/node.hpp, rcppmath's rolling mean, a Params holding an rclcpp::Time unused under -Werror; steering_kinematics' abs(double) through rclcpp/time.hpp under -Wconversion)", () => {
    const { workspace, build } = builtWorkspace(join(repoRoot, 'test/fixtures/cpp/control_needs'), BUILD_MS);
    assert.equal(build.status, 0, build.stderr);
    const run = runCli(['exec', '--until', '10ms', 'control_needs', 'control_needs'], workspace, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').filter(Boolean), [
      'rclcpp 28.1.21, at least 28.1.0: 1, at least 29.0.0: 0, major >= 21: 1',
      'is_pointer: 1 1 1 0',
      // The window of 3 holds 2, 3, 10 at the end.
      'rolling mean: 1.5 then 5',
      'flags: --ros-args --params-file -p --remap --',
      'type names: double, rclcpp::Duration',
      // NaN is not counted; the standard deviation is the population's.
      'avg=2.333333, min=1.000000, max=4.000000, std_dev=1.247219, count=3',
      'after reset: count 0, average nan',
      // Upstream's maximum starts at the smallest positive double, above any negative observation.
      'of -1 alone: min -1, max 2.22507e-308',
      "auto_library's answer: 42",
      'heard through rclcpp::Publisher',
      'toolbox: period 2000000 ns, publisher on /pid_state, rolling mean 2',
      'steering delta: 0.25',
    ]);
    assert.match(run.stderr, /Trying to publish message on the topic '\/chatter', but the publisher is not activated/);
    const script = runCli(['exec', '--until', '10ms', 'control_needs', 'greeter'], workspace, BUILD_MS);
    assert.equal(script.status, 0, script.stderr);
    assert.equal(script.stdout, 'greeter: run from lib/control_needs as a console script\n');
  });
});
