import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { MessageDefinitionField } from '@foxglove/message-definition';
import { cppMessages } from '../../src/build/cppMessages.js';
import { serializeMessage } from '../../src/interfaces/cdr.js';
import { generateCppHeaders } from '../../src/interfaces/cppHeaders.js';
import { cppName, mainHeader } from '../../src/interfaces/cppNames.js';
import { InterfaceRegistry } from '../../src/interfaces/InterfaceRegistry.js';
import type { MessageType } from '../../src/interfaces/MessageType.js';
import { PRIMITIVES } from '../../src/interfaces/primitives.js';
import { cachedProgram } from '../support/cachedProgram.js';
import { needs, repoRoot, tempDir } from '../support/helpers.js';
import { isWritable, NON_ASCII } from '../support/messageSamples.js';

// Every type of the shipped packages (rclsim's interfaces/ and ROS 2 Jazzy's common set), with
// services' and actions' parts, through the generated C++ headers (g++: on every machine of ours).
const registry = new InterfaceRegistry();
const packages = registry.packageNames();
const interfaces = packages.flatMap((pkg) => registry.typeNames(pkg));
const types: MessageType[] = interfaces.flatMap((name) => {
  const kind = name.split('/')[1];
  if (kind === 'msg') return [registry.message(name)];
  if (kind === 'srv') {
    const service = registry.service(name);
    return [service.request, service.response, service.event];
  }
  const action = registry.action(name);
  const services = [action.sendGoal, action.getResult].flatMap((s) => [s.request, s.response, s.event]);
  return [action.goal, action.result, action.feedback, ...services, action.feedbackMessage];
});
const CLIENT_INCLUDE = join(repoRoot, 'clients/cpp/include');
/** Unbounded sequences of primitives this long (strings and messages: 3). */
const LONG = 1000;
/** The types whose to_yaml the test checks. */
const YAML_TYPES = ['std_msgs/msg/Int32MultiArray', 'test_msgs/msg/BasicTypes', 'test_msgs/msg/WStrings'];
const TEXTS = [`${NON_ASCII} ✓`, '', 'quote " backslash \\ tab \t newline \n nul \0 end'];

/**
 * Values at the edges of each field's type, rotating with `seed` and the field's place: integer
 * limits, NaN, ±Infinity, -0, the largest and smallest floats, empty and non-ASCII strings (a
 * 4-byte character too), sequences at their bounds and long (seed 0) or empty (seed 1).
 */
function edgeMessage(type: MessageType, seed: number): Record<string, unknown> {
  const message: Record<string, unknown> = {};
  type.fields.forEach((field, place) => {
    const char = type.own.declared.get(field.name) === 'char';
    if (field.isArray !== true) {
      message[field.name] = edgeValue(field, char, seed + place);
      return;
    }
    const long = field.isComplex === true || field.type === 'string' ? 3 : LONG;
    const length = field.arrayLength ?? (seed % 2 === 0 ? (field.arrayUpperBound ?? long) : Math.min(field.arrayUpperBound ?? 0, 1));
    message[field.name] = Array.from({ length }, (_, i) => edgeValue(field, char, seed + place + i));
  });
  return message;
}

function edgeValue(field: MessageDefinitionField, char: boolean, rotation: number): unknown {
  if (field.isComplex === true) return edgeMessage(registry.message(field.type), rotation);
  const primitive = char ? PRIMITIVES.int8! : PRIMITIVES[field.type]!;
  const pick = <T>(choices: T[]): T => choices[rotation % choices.length]!;
  switch (primitive.kind) {
    case 'bool':
      return rotation % 2 === 0;
    case 'string':
      return field.upperBound === undefined ? pick(TEXTS) : pick(['y'.repeat(field.upperBound), '', 'z']);
    case 'float':
      return pick([
        NaN,
        Infinity,
        -Infinity,
        -0,
        field.type === 'float32' ? 3.4028234663852886e38 : Number.MAX_VALUE,
        field.type === 'float32' ? 1.401298464324817e-45 : 5e-324,
        0.1,
      ]);
    default: {
      const { min, max } = primitive as { min: number | bigint; max: number | bigint };
      const one = typeof min === 'bigint' ? 1n : 1;
      return pick([min, max, typeof min === 'bigint' ? 0n : 0, min < 0 ? -one : one]);
    }
  }
}

/**
 * A message as rosidl_generator_cpp's flow-style to_yaml prints it, written here from the
 * message TypeScript made (not from the generator's tables): floats as `%#g` (six significant
 * digits, a point always), .msg chars as their byte, octets and IDL chars as 0xNN, strings
 * quoted with `\\` and `"` escaped, wstrings' units beyond ASCII as \\xNN or \\uNNNN.
 */
function flowYaml(type: MessageType, message: Record<string, unknown>): string {
  if (type.fields.length === 0) return 'null';
  const fields = type.fields.map((field) => {
    const declared = type.own.declared.get(field.name);
    const one = (value: unknown): string => {
      if (field.isComplex === true) return flowYaml(registry.message(field.type), value as Record<string, unknown>);
      if (declared === 'byte' || (declared === 'char' && type.own.idl === true)) return `0x${(((value as number) + 256) % 256).toString(16).padStart(2, '0')}`;
      if (declared === 'char') return String(((value as number) + 256) % 256);
      if (field.type === 'float32' || field.type === 'float64') return printfG(value as number);
      if (field.type === 'string') return `"${(value as string).replace(/["\\]/g, '\\$&')}"`;
      if (field.type === 'wstring') return `"${[...(value as string)].map(wideUnits).join('')}"`;
      return String(value);
    };
    const value = message[field.name];
    if (field.isArray !== true) return `${field.name}: ${one(value)}`;
    const items = Array.from(value as ArrayLike<unknown>, one);
    return `${field.name}: [${items.join(', ')}]`;
  });
  return `{${fields.join(', ')}}`;
}

/** C's `%#g`: what `std::showpoint` gives a float or double on a default stream. */
function printfG(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value < 0 ? '-inf' : 'inf';
  if (value === 0) return Object.is(value, -0) ? '-0.00000' : '0.00000';
  const [mantissa, exponentText] = value.toExponential(5).split('e') as [string, string];
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 6) return value.toFixed(5 - exponent);
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

/** A character of a wstring as to_yaml prints its UTF-16 units. */
function wideUnits(char: string): string {
  return [...Array(char.length).keys()]
    .map((i) => {
      const unit = char.charCodeAt(i);
      if (unit < 0x80) return char[i]!;
      return unit < 0x100 ? `\\x${unit.toString(16).padStart(2, '0')}` : `\\u${unit.toString(16).padStart(4, '0')}`;
    })
    .join('');
}

/**
 * The test program: for each line of its input (`R|D|W|X|Y <type> [hex]`, or M) one record of
 * output (its length in bytes, a newline, the text). R reads CDR and prints the message's
 * flow-style YAML and its CDR again; D prints a default-constructed message's YAML; W tries to
 * serialize one; X expects the bytes to be refused; Y prints to_yaml in both styles; M checks
 * the rest of the API.
 */
function programSource(): string {
  const dispatch = types.map((type) => `    {"${type.name}", &run<${cppName(type.name)}>},`);
  const services = interfaces.filter((name) => !name.includes('/msg/'));
  const supportChecks = [
    ...services.map((name) => {
      const kind = name.includes('/srv/') ? 'service' : 'action';
      return `static_assert(same(rclsim::${kind}_support<${cppName(name)}>::type_name, "${name}"), "${name}");`;
    }),
    ...services
      .filter((name) => name.includes('/action/'))
      .flatMap((name) =>
        ['SendGoal', 'GetResult'].map(
          (part) => `static_assert(same(rclsim::service_support<${cppName(name)}_${part}>::type_name, "${name}_${part}"), "${name}");`,
        ),
      ),
  ];
  return `${[...new Set(interfaces.map((name) => `#include "${mainHeader(name)}"`))].join('\n')}

#include <fstream>
#include <map>
#include <sstream>
#include <string>

constexpr bool same(const char * a, const char * b) {return *a == *b && (*a == '\\0' || same(a + 1, b + 1));}
${supportChecks.join('\n')}
static_assert(std::is_same<example_interfaces::srv::AddTwoInts::Request, example_interfaces::srv::AddTwoInts_Request>::value, "");
static_assert(std::is_same<example_interfaces::srv::AddTwoInts::Event, example_interfaces::srv::AddTwoInts_Event>::value, "");
static_assert(std::is_same<action_tutorials_interfaces::action::Fibonacci::Impl::CancelGoalService, action_msgs::srv::CancelGoal>::value, "");
static_assert(std::is_same<action_tutorials_interfaces::action::Fibonacci::Impl::SendGoalService::Request, action_tutorials_interfaces::action::Fibonacci_SendGoal_Request>::value, "");
static_assert(std::is_same<std_msgs::msg::String::SharedPtr, std::shared_ptr<std_msgs::msg::String_<std::allocator<void>>>>::value, "");
static_assert(std::is_same<std_msgs::msg::String::ConstSharedPtr, std::shared_ptr<const std_msgs::msg::String>>::value, "");
static_assert(std::is_same<std_msgs::msg::String::UniquePtr, std::unique_ptr<std_msgs::msg::String>>::value, "");
static_assert(rosidl_generator_traits::is_message<std_msgs::msg::String>::value, "");
static_assert(!rosidl_generator_traits::is_message<example_interfaces::srv::AddTwoInts>::value, "");
static_assert(rosidl_generator_traits::is_service<example_interfaces::srv::AddTwoInts>::value, "");
static_assert(rosidl_generator_traits::is_service_request<example_interfaces::srv::AddTwoInts_Request>::value, "");
static_assert(rosidl_generator_traits::is_action<action_tutorials_interfaces::action::Fibonacci>::value, "");
static_assert(rosidl_generator_traits::is_action_goal<action_tutorials_interfaces::action::Fibonacci_Goal>::value, "");
static_assert(rosidl_generator_traits::has_fixed_size<geometry_msgs::msg::PoseStamped>::value == false, "a string in its header");
static_assert(rosidl_generator_traits::has_fixed_size<geometry_msgs::msg::Pose>::value, "");
static_assert(rosidl_generator_traits::has_bounded_size<test_msgs::msg::BoundedPlainSequences>::value, "");
static_assert(!rosidl_generator_traits::has_bounded_size<test_msgs::msg::UnboundedSequences>::value, "");
static_assert(rosidl_generator_traits::has_fixed_size<example_interfaces::srv::AddTwoInts>::value, "");
static_assert(test_msgs::msg::Constants::INT64_CONST == -40000000, "");

std::string hex(const std::string & bytes)
{
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {out += digits[c >> 4]; out += digits[c & 15];}
  return out;
}

std::string unhex(const std::string & text)
{
  std::string out;
  for (std::size_t i = 0; i + 1 < text.size(); i += 2) {out += static_cast<char>(std::stoi(text.substr(i, 2), nullptr, 16));}
  return out;
}

template<class T>
void run(char mode, const std::string & bytes, std::ostream & out)
{
  T message;
  try {
    if (mode == 'D') {out << to_yaml(message, true); return;}
    if (mode == 'W') {rclsim::to_cdr(message); out << "written"; return;}
    rclsim::from_cdr(bytes, message);
    out << (mode == 'X' ? "read: " : "") << to_yaml(message, true) << '\\t' << hex(rclsim::to_cdr(message));
  } catch (const rclsim::cdr::Error & error) {
    out << "refused: " << error.what();
  }
}

/** to_yaml in both styles (block style for the few types whose output the test checks). */
template<class T>
void yaml(const std::string & bytes, std::ostream & out)
{
  T message;
  try {
    rclsim::from_cdr(bytes, message);
    out << to_yaml(message) << '\\t' << to_yaml(message, true);
  } catch (const rclsim::cdr::Error & error) {
    out << "refused: " << error.what();
  }
}

/** What the generated headers promise beyond CDR: bounds, builders, names. */
void misc(std::ostream & out)
{
  test_msgs::msg::BoundedPlainSequences bounded;
  bounded.int32_values.resize(3);
  try {bounded.int32_values.push_back(1); out << "BoundedVector grew past its bound; ";} catch (const std::length_error &) {}
  test_msgs::msg::Strings strings;
  strings.bounded_string_value = std::string(23, 'x');
  try {rclsim::to_cdr(strings); out << "a string past its bound was written; ";} catch (const rclsim::cdr::Error &) {}
  auto point = geometry_msgs::build<geometry_msgs::msg::Point>().x(1.0).y(2.0).z(3.0);
  if (point.x != 1.0 || point.y != 2.0 || point.z != 3.0) {out << "the builder lost values; ";}
  std_msgs::msg::String text;
  text.set__data("x");
  if (text != std_msgs::build<std_msgs::msg::String>().data("x")) {out << "set__/build/== disagree; ";}
  test_msgs::msg::Defaults zero(rosidl_runtime_cpp::MessageInitialization::ZERO);
  if (zero.int32_value != 0 || !(test_msgs::msg::Defaults().int32_value == -30000)) {out << "ZERO/ALL initialization; ";}
  out << rosidl_generator_traits::name<std_msgs::msg::String>() << ' ' << rosidl_generator_traits::data_type<std_msgs::msg::String>() << ' '
      << rosidl_generator_traits::name<example_interfaces::srv::AddTwoInts>() << ' ' << rclsim::message_support<std_msgs::msg::String>::type_name;
}

int main(int argc, char ** argv)
{
  const std::map<std::string, void (*)(char, const std::string &, std::ostream &)> runs = {
${dispatch.join('\n')}
  };
  const std::map<std::string, void (*)(const std::string &, std::ostream &)> yamls = {
${YAML_TYPES.map((name) => `    {"${name}", &yaml<${cppName(name)}>},`).join('\n')}
  };
  std::ifstream input(argv[1]);
  std::ofstream output(argv[2]);
  (void)argc;
  std::string line;
  while (std::getline(input, line)) {
    std::istringstream words(line);
    std::string mode, type, bytes;
    words >> mode >> type >> bytes;
    std::ostringstream record;
    if (mode == "M") {
      misc(record);
    } else if (mode == "Y") {
      yamls.at(type)(unhex(bytes), record);
    } else {
      runs.at(type)(mode[0], unhex(bytes), record);
    }
    output << record.str().size() << '\\n' << record.str();
  }
}
`;
}

/** The program's output: each record its length in bytes, a newline, its text. */
function records(output: Buffer): string[] {
  const out: string[] = [];
  for (let at = 0; at < output.length; ) {
    const newline = output.indexOf(10, at);
    const length = Number(output.subarray(at, newline).toString());
    out.push(output.subarray(newline + 1, newline + 1 + length).toString('utf8'));
    at = newline + 1 + length;
  }
  return out;
}

describe('C++ messages (generated headers)', () => {
  it('read the CDR of every shipped type, print what TypeScript made and write the same bytes', needs('g++'), (t) => {
    const dir = tempDir();
    const started = performance.now();
    const files = generateCppHeaders(registry, packages);
    const generated = performance.now();
    const include = cppMessages(registry).folder;
    t.diagnostic(`${files.size} headers for ${interfaces.length} interfaces generated in ${(generated - started).toFixed(0)} ms`);

    const lines: string[] = ['M -'];
    const expected: ((output: string) => void)[] = [
      (output) => assert.equal(output, 'std_msgs/msg/String std_msgs::msg::String example_interfaces/srv/AddTwoInts std_msgs/msg/String'),
    ];
    for (const type of types) {
      lines.push(`D ${type.name}`);
      const defaults = flowYaml(type, type.createDefault());
      expected.push((output) => assert.equal(output, defaults, `${type.name}: default`));
      if (!isWritable(type)) {
        assert.throws(() => serializeMessage(type, type.createDefault()), /wstring/);
        lines.push(`W ${type.name}`);
        expected.push((output) => assert.match(output, /^refused: wstring is implementation-defined/, type.name));
        continue;
      }
      for (const seed of [0, 1]) {
        const message = type.normalize(edgeMessage(type, seed));
        const bytes = serializeMessage(type, message);
        lines.push(`R ${type.name} ${bytes.toString('hex')}`);
        const values = flowYaml(type, message);
        expected.push((output) => {
          const tab = output.lastIndexOf('\t');
          assert.equal(output.slice(0, tab), values, `${type.name} (seed ${seed}): values`);
          assert.equal(output.slice(tab + 1), bytes.toString('hex'), `${type.name} (seed ${seed}): bytes`);
        });
        // Every byte of the simulation's CDR is needed: one short is refused.
        lines.push(`X ${type.name} ${bytes.subarray(0, bytes.length - 1).toString('hex')}`);
        expected.push((output) => assert.match(output, /^refused: CDR: /, `${type.name} (seed ${seed}): cut short`));
      }
    }
    const garbled: [string, string, RegExp][] = [
      ['std_msgs/msg/String', '0000000001000000', /not CDR little endian/],
      ['std_msgs/msg/String', '00010000ffffffff', /bytes wanted/],
      ['std_msgs/msg/Int32MultiArray', '00010000f0ffffff', /a sequence of 4294967280 elements with 0 bytes left/],
      ['std_msgs/msg/String', '0001', /shorter than the encapsulation header/],
    ];
    for (const [type, hex, error] of garbled) {
      lines.push(`X ${type} ${hex}`);
      expected.push((output) => assert.match(output, error));
    }
    const yaml = registry.message('std_msgs/msg/Int32MultiArray');
    const array = { layout: { dim: [{ label: 'x"\\', size: 2, stride: 2 }], data_offset: 0 }, data: [1, -2] };
    lines.push(`Y ${yaml.name} ${serializeMessage(yaml, yaml.normalize(array)).toString('hex')}`);
    expected.push((output) =>
      assert.equal(
        output,
        'layout:\n  dim:\n  -\n    label: "x\\"\\\\"\n    size: 2\n    stride: 2\n  data_offset: 0\ndata:\n- 1\n- -2\n' +
          '\t{layout: {dim: [{label: "x\\"\\\\", size: 2, stride: 2}], data_offset: 0}, data: [1, -2]}',
      ),
    );
    const basic = registry.message('test_msgs/msg/BasicTypes');
    const values = { bool_value: true, byte_value: 255, char_value: 65, float32_value: 1.5, float64_value: -0.25, int8_value: -128, uint8_value: 200 };
    lines.push(`Y ${basic.name} ${serializeMessage(basic, basic.normalize({ ...basic.createDefault(), ...values, float64_value: NaN })).toString('hex')}`);
    expected.push((output) =>
      assert.equal(
        output.split('\t')[1],
        '{bool_value: true, byte_value: 0xff, char_value: 65, float32_value: 1.50000, float64_value: nan, int8_value: -128, uint8_value: 200, ' +
          'int16_value: 0, uint16_value: 0, int32_value: 0, uint32_value: 0, int64_value: 0, uint64_value: 0}',
      ),
    );
    const wide = registry.message('test_msgs/msg/WStrings');
    lines.push(`Y ${wide.name} 0001000000`);
    expected.push((output) => assert.match(output, /^refused: wstring/));

    const source = join(dir, 'messages.cpp');
    writeFileSync(source, programSource());
    const compileStarted = performance.now();
    const program = cachedProgram('messages', ['-std=c++17', '-O0', '-Wall', '-Wextra', '-Werror'], [source], [CLIENT_INCLUDE, include]);
    t.diagnostic(
      `one translation unit (${types.length} types, every header) at -O0: ${((performance.now() - compileStarted) / 1000).toFixed(1)} s (compiled, or from the cache)`,
    );
    writeFileSync(join(dir, 'input.txt'), `${lines.join('\n')}\n`);
    execFileSync(program, [join(dir, 'input.txt'), join(dir, 'output.txt')]);
    const outputs = records(readFileSync(join(dir, 'output.txt')));
    assert.equal(outputs.length, lines.length);
    expected.forEach((check, i) => check(outputs[i]!));
    rmSync(dir, { recursive: true });
  });

  it("generate a job's own packages (.msg, .srv, .idl) over the standard ones, with the same CDR", needs('g++'), () => {
    const dir = tempDir();
    const pkg = join(dir, 'interfaces/my_pkg');
    mkdirSync(join(pkg, 'msg'), { recursive: true });
    mkdirSync(join(pkg, 'srv'));
    writeFileSync(
      join(pkg, 'msg/Thing.msg'),
      'int8 A=-3\nstring NAME="quo\\"te ü"\nstd_msgs/Header header\nchar c 65\nbyte b 7\nstring<=4 label "abc"\nfloat32[2] pair [1.5, -2.0]\nuint64[<=2] big [18446744073709551615]\n',
    );
    writeFileSync(join(pkg, 'msg/Idl.idl'), 'module my_pkg { module msg { struct Idl { char c; octet o; string<5> s; sequence<int32, 3> v; }; }; };\n');
    writeFileSync(join(pkg, 'srv/Do.srv'), 'Thing thing\n---\nbool ok\n');
    const own = new InterfaceRegistry([{ path: join(dir, 'interfaces') }]);
    const include = cppMessages(own).folder;
    const source = join(dir, 'own.cpp');
    writeFileSync(
      source,
      `#include <iostream>
#include "my_pkg/msg/thing.hpp"
#include "my_pkg/msg/idl.hpp"
#include "my_pkg/srv/do.hpp"
static_assert(my_pkg::msg::Thing::A == -3, "");
std::string hex(const std::string & bytes)
{
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {out += digits[c >> 4]; out += digits[c & 15];}
  return out;
}
int main()
{
  my_pkg::msg::Idl idl;
  idl.c = 200;
  idl.o = 255;
  idl.s = "hello";
  idl.v = {1, -2, 3};
  my_pkg::srv::Do::Request request;
  request.thing.header.frame_id = "map";
  std::cout << hex(rclsim::to_cdr(my_pkg::msg::Thing())) << '\\n' << hex(rclsim::to_cdr(idl)) << '\\n' << hex(rclsim::to_cdr(request)) << '\\n'
            << my_pkg::msg::Thing::NAME << '\\n' << rclsim::service_support<my_pkg::srv::Do>::type_name << '\\n' << to_yaml(idl, true) << '\\n';
}
`,
    );
    execFileSync('g++', ['-std=c++17', '-O0', '-Wall', '-Wextra', '-Werror', `-I${CLIENT_INCLUDE}`, `-I${include}`, source, '-o', join(dir, 'own')]);
    const cdr = (name: string, message: Record<string, unknown>): string =>
      serializeMessage(own.message(name), own.message(name).normalize(message)).toString('hex');
    const thing = own.message('my_pkg/msg/Thing').createDefault();
    assert.deepEqual(execFileSync(join(dir, 'own')).toString().split('\n'), [
      cdr('my_pkg/msg/Thing', thing),
      cdr('my_pkg/msg/Idl', { c: -56, o: 255, s: 'hello', v: [1, -2, 3] }),
      cdr('my_pkg/srv/Do_Request', { thing: { ...thing, header: { stamp: { sec: 0, nanosec: 0 }, frame_id: 'map' } } }),
      'quo"te ü',
      'my_pkg/srv/Do',
      '{c: 0xc8, o: 0xff, s: "hello", v: [1, -2, 3]}',
      '',
    ]);
    rmSync(dir, { recursive: true });
  });

  it('compile a message header alone', needs('g++'), () => {
    const dir = tempDir();
    const include = cppMessages(registry).folder;
    const source = join(dir, 'one.cpp');
    writeFileSync(source, '#include "std_msgs/msg/string.hpp"\n');
    execFileSync('g++', ['-std=c++17', '-fsyntax-only', '-Wall', '-Wextra', '-Werror', `-I${CLIENT_INCLUDE}`, `-I${include}`, source]);
    rmSync(dir, { recursive: true });
  });
});
