import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { shippedCppMessages } from '../../src/build/cppMessages.js';
import { needs, repoRoot, tempDir } from '../support/helpers.js';

// rosidl_generator_c's headers of the shipped packages (nav2_costmap_2d includes
// geometry_msgs/msg/polygon.h): one source, compiled as C and as C++ (beside the C++ headers),
// using the structs, the defaults, init/fini/copy/are_equal and the sequences, under
// AddressSanitizer so that a leak or a bad access fails the run.
const SOURCE = String.raw`
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "geometry_msgs/msg/polygon.h"
#include "geometry_msgs/msg/polygon_stamped.h"
#include "sensor_msgs/msg/joint_state.h"
#include "test_msgs/msg/bounded_sequences.h"
#include "test_msgs/msg/defaults.h"
#include "test_msgs/msg/strings.h"
#include "std_srvs/srv/set_bool.h"
#ifdef __cplusplus
#include "geometry_msgs/msg/polygon.hpp"
#endif

int main(void)
{
  geometry_msgs__msg__PolygonStamped stamped;
  if (!geometry_msgs__msg__PolygonStamped__init(&stamped)) return 1;
  if (!geometry_msgs__msg__Point32__Sequence__init(&stamped.polygon.points, 3)) return 2;
  float x = 0.0f;
  for (size_t i = 0; i < stamped.polygon.points.size; ++i, x += 1.0f) {
    stamped.polygon.points.data[i].x = x;
    stamped.polygon.points.data[i].y = 2.0f * x;
  }
  rosidl_runtime_c__String__assign(&stamped.header.frame_id, "map");
  geometry_msgs__msg__PolygonStamped * copy = geometry_msgs__msg__PolygonStamped__create();
  geometry_msgs__msg__PolygonStamped__copy(&stamped, copy);
  printf("copy %zu points, frame %s, equal %d\n", copy->polygon.points.size, copy->header.frame_id.data,
    geometry_msgs__msg__PolygonStamped__are_equal(&stamped, copy));
  copy->polygon.points.data[2].y = 5.0f;
  printf("changed, equal %d\n", geometry_msgs__msg__PolygonStamped__are_equal(&stamped, copy));
  geometry_msgs__msg__PolygonStamped__destroy(copy);
  geometry_msgs__msg__PolygonStamped__fini(&stamped);

  test_msgs__msg__Defaults defaults;
  test_msgs__msg__Defaults__init(&defaults);
  printf("defaults %d %d %g %d %" PRIu64 "\n", defaults.bool_value, defaults.byte_value, defaults.float64_value,
    defaults.int16_value, defaults.uint64_value);
  test_msgs__msg__Strings * strings = test_msgs__msg__Strings__create();
  printf("strings '%s' '%s' %zu bound %d\n", strings->string_value.data, strings->string_value_default3.data,
    strings->string_value_default1.size, test_msgs__msg__Strings__bounded_string_value__MAX_STRING_SIZE);
  test_msgs__msg__Strings__destroy(strings);
  test_msgs__msg__BoundedSequences bounded;
  test_msgs__msg__BoundedSequences__init(&bounded);
  printf("bounded %zu %d %d max %d\n", bounded.bool_values_default.size, bounded.bool_values_default.data[1],
    bounded.int32_values_default.data[2], test_msgs__msg__BoundedSequences__bool_values__MAX_SIZE);
  test_msgs__msg__BoundedSequences__fini(&bounded);

  sensor_msgs__msg__JointState__Sequence * states = sensor_msgs__msg__JointState__Sequence__create(2);
  rosidl_runtime_c__String__Sequence__init(&states->data[1].name, 2);
  rosidl_runtime_c__String__assign(&states->data[1].name.data[0], "wheel");
  rosidl_runtime_c__double__Sequence__init(&states->data[1].position, 1);
  states->data[1].position.data[0] = 0.5;
  sensor_msgs__msg__JointState__Sequence more;
  sensor_msgs__msg__JointState__Sequence__init(&more, 0);
  sensor_msgs__msg__JointState__Sequence__copy(states, &more);
  printf("states %zu '%s' %g equal %d\n", more.size, more.data[1].name.data[0].data, more.data[1].position.data[0],
    sensor_msgs__msg__JointState__Sequence__are_equal(states, &more));
  sensor_msgs__msg__JointState__Sequence__fini(&more);
  sensor_msgs__msg__JointState__Sequence__destroy(states);

  std_srvs__srv__SetBool_Response response;
  std_srvs__srv__SetBool_Response__init(&response);
  rosidl_runtime_c__String__assign(&response.message, "done");
  printf("response %d '%s'\n", response.success, response.message.data);
  std_srvs__srv__SetBool_Response__fini(&response);
#ifdef __cplusplus
  geometry_msgs::msg::Polygon polygon;
  printf("c++ %zu\n", polygon.points.size());
#endif
  return 0;
}
`;

const EXPECTED = [
  'copy 3 points, frame map, equal 1',
  'changed, equal 0',
  'defaults 1 50 1.125 -1000 50000000',
  "strings '' 'Hello\"world!' 12 bound 22",
  'bounded 3 1 -2147483648 max 3',
  "states 2 'wheel' 0.5 equal 1",
  "response 0 'done'",
];

describe('C message headers (rosidl_generator_c)', () => {
  for (const [language, compiler, flags, extra] of [
    ['C', 'gcc', ['-std=c11', '-x', 'c'], []],
    ['C++', 'g++', ['-std=c++17', '-x', 'c++', '-Wold-style-cast', '-Wuseless-cast'], ['c++ 0']],
  ] as const) {
    it(`compile and run as ${language}: structs, defaults, init/fini/copy/are_equal, sequences`, needs('g++'), () => {
      const dir = tempDir();
      const source = join(dir, 'messages.txt');
      writeFileSync(source, SOURCE);
      const program = join(dir, 'messages');
      const include = shippedCppMessages().folder;
      execFileSync(
        compiler,
        [
          ...flags,
          '-Wall',
          '-Wextra',
          '-Wpedantic',
          '-Wconversion',
          '-Werror',
          '-g',
          '-fsanitize=address,undefined',
          `-I${join(repoRoot, 'clients/cpp/include')}`,
          `-I${include}`,
          source,
          '-x',
          'none',
          '-o',
          program,
        ],
        { stdio: 'pipe' },
      );
      const output = execFileSync(program, { encoding: 'utf8', env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1' } });
      assert.deepEqual(output.trim().split('\n'), [...EXPECTED, ...extra]);
      rmSync(dir, { recursive: true });
    });
  }
});
