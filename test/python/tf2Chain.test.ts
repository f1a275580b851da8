import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { needs, runCli, tempDir, writeTemp } from '../support/helpers.js';

// The turtles' tree of the tf2 tutorials (world → turtle1 → carrot1, world → turtle2), asked for
// the chains tf2_monitor prints; the answers are tf2's, pruning quirks and all (the C++ client's
// BufferCore::_chainAsVector gives the same lists).
const PROGRAM = `from geometry_msgs.msg import TransformStamped
from rclpy.time import Time
from tf2_py import BufferCore


def tf(parent, child, sec):
    t = TransformStamped()
    t.header.frame_id = parent
    t.child_frame_id = child
    t.header.stamp.sec = sec
    t.transform.rotation.w = 1.0
    return t


core = BufferCore()
for sec in (1, 2):
    for parent, child in (('world', 'turtle1'), ('world', 'turtle2'), ('turtle1', 'carrot1')):
        core.set_transform(tf(parent, child, sec), 'tutorial')
print(core._chain('turtle1', Time(), 'turtle2', Time(), 'turtle1'))
print(core._chain('turtle2', Time(), 'carrot1', Time(), 'turtle2'))
print(core._chain('carrot1', Time(), 'world', Time(), 'carrot1'))
print(core._chain('carrot1', Time(seconds=1), 'turtle2', Time(seconds=2), 'world'))
try:
    core._chain('turtle1', Time(), 'turtle3', Time(), 'turtle1')
except Exception as error:
    print(type(error).__name__, error)
`;

describe("tf2_py's BufferCore._chain", needs('python3'), () => {
  it('gives the frames between two frames as tf2 walks them, and its errors (an unknown frame: an empty LookupException)', () => {
    const dir = tempDir();
    const program = writeTemp(dir, 'chain.py', PROGRAM);
    const run = runCli(['exec', program], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').slice(0, 5), [
      "['turtle1']",
      "['carrot1', 'turtle2']",
      "['world', 'turtle1', 'carrot1']",
      "['turtle2', 'world', 'turtle1', 'carrot1']",
      // An unknown frame at time 0: getLatestCommonTime's lookup error, which says nothing, as tf2's.
      'LookupException ',
    ]);
  });
});
