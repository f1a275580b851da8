import { cppFields } from './cppFields.js';
import { cppName } from './cppNames.js';
import type { MessageType } from './MessageType.js';

/**
 * rclsim::message_support for a message (in namespace rclsim): its type name and the CDR of its
 * body, field by field in definition order through cdr::write_field/read_field
 * (clients/cpp/include/rclsim/message_cdr.hpp), which give the simulation's bytes.
 */
export function cppMessageSupport(type: MessageType): string {
  const self = `${cppName(type.name)}_<ContainerAllocator>`;
  const fields = cppFields(type);
  const bound = (stringBound: number | undefined): string => (stringBound === undefined ? '' : `, ${stringBound}`);
  return [
    'template<class ContainerAllocator>',
    `struct message_support<${self}>`,
    '{',
    `  static constexpr const char * type_name = "${type.name}";`,
    '',
    `  static void write(cdr::Writer & out, const ${self} & value)`,
    '  {',
    ...fields.map((field) => `    cdr::write_field(out, value.${field.name}${bound(field.stringBound)});`),
    '  }',
    '',
    `  static void read(cdr::Reader & in, ${self} & value)`,
    '  {',
    ...fields.map((field) => `    cdr::read_field(in, value.${field.name});`),
    '  }',
    '};',
  ].join('\n');
}

/** rclsim::service_support or action_support (`kind`) of an interface: its type name. */
export function cppInterfaceSupport(kind: 'service' | 'action', interfaceName: string): string {
  return ['template<>', `struct ${kind}_support<${cppName(interfaceName)}>`, '{', `  static constexpr const char * type_name = "${interfaceName}";`, '};'].join(
    '\n',
  );
}
