import { type CppField, cppFields } from './cppFields.js';
import { cppName } from './cppNames.js';
import type { MessageType } from './MessageType.js';

const TRAITS = 'rosidl_generator_traits';
const TEMPLATE = 'template<class ContainerAllocator>';

/**
 * A message's to_flow_style_yaml / to_block_style_yaml / to_yaml (rosidl_generator_cpp's YAML),
 * in the type's namespaces. rosidl declares them for the default allocator's type; here they
 * are templates over the allocator, called alike (`to_yaml(msg)`): a template's body is
 * compiled only where it is used, and a program including every header compiled 40 % slower
 * with plain functions.
 */
export function cppYaml(type: MessageType): string {
  const name = type.name.split('/')[2]!;
  const fields = cppFields(type);
  const empty = fields[0]!.placeholder === true;
  const flow = empty
    ? ['  (void)msg;', '  out << "null";']
    : ['  out << "{";', ...fields.flatMap((field, i) => flowField(field, i === fields.length - 1)), '  out << "}";'];
  const block = empty ? ['  (void)msg;', '  (void)indentation;', '  out << "null\\n";'] : fields.flatMap(blockField);
  const self = `${name}_<ContainerAllocator>`;
  return [
    TEMPLATE,
    `inline void to_flow_style_yaml(const ${self} & msg, std::ostream & out)`,
    '{',
    ...flow,
    '}',
    '',
    TEMPLATE,
    `inline void to_block_style_yaml(const ${self} & msg, std::ostream & out, size_t indentation = 0)`,
    '{',
    ...block,
    '}',
    '',
    TEMPLATE,
    `inline std::string to_yaml(const ${self} & msg, bool use_flow_style = false)`,
    '{',
    '  std::ostringstream out;',
    '  if (use_flow_style) {',
    '    to_flow_style_yaml(msg, out);',
    '  } else {',
    '    to_block_style_yaml(msg, out);',
    '  }',
    '  return out.str();',
    '}',
  ].join('\n');
}

/** How one element prints (`value` names it); nested messages print through their own functions. */
function valueYaml(field: CppField, value: string): string {
  if (field.message !== undefined) return `to_flow_style_yaml(${value}, out);`;
  const how = field.element === 'octet' || field.element === 'char' ? 'character_value_to_yaml' : 'value_to_yaml';
  return `${TRAITS}::${how}(${value}, out);`;
}

function flowField(field: CppField, last: boolean): string[] {
  const key = field.name;
  const lines =
    field.array === undefined
      ? [`  out << "${key}: ";`, `  ${valueYaml(field, `msg.${key}`)}`]
      : [
          `  if (msg.${key}.size() == 0) {`,
          `    out << "${key}: []";`,
          '  } else {',
          `    out << "${key}: [";`,
          `    size_t pending_items = msg.${key}.size();`,
          `    for (const auto & item : msg.${key}) {`,
          `      ${valueYaml(field, 'item')}`,
          '      if (--pending_items > 0) {',
          '        out << ", ";',
          '      }',
          '    }',
          '    out << "]";',
          '  }',
        ];
  return last ? lines : [...lines, '  out << ", ";'];
}

function blockField(field: CppField): string[] {
  const key = field.name;
  const indent = ['  if (indentation > 0) {', "    out << std::string(indentation, ' ');", '  }'];
  if (field.array === undefined) {
    if (field.message !== undefined) return [...indent, `  out << "${key}:\\n";`, `  to_block_style_yaml(msg.${key}, out, indentation + 2);`];
    return [...indent, `  out << "${key}: ";`, `  ${valueYaml(field, `msg.${key}`)}`, '  out << "\\n";'];
  }
  const item =
    field.message !== undefined
      ? ['    out << "-\\n";', '    to_block_style_yaml(item, out, indentation + 2);']
      : ['    out << "- ";', `    ${valueYaml(field, 'item')}`, '    out << "\\n";'];
  return [
    ...indent,
    `  if (msg.${key}.size() == 0) {`,
    `    out << "${key}: []\\n";`,
    '  } else {',
    `    out << "${key}:\\n";`,
    `    for (const auto & item : msg.${key}) {`,
    '      if (indentation > 0) {',
    "        out << std::string(indentation, ' ');",
    '      }',
    ...item.map((line) => `  ${line}`),
    '    }',
    '  }',
  ];
}

/** rosidl_generator_traits' specializations for a message (and its deprecated to_yaml, templates too), in namespace rosidl_generator_traits. */
export function cppMessageTraits(type: MessageType): string {
  const full = cppName(type.name);
  const namespace = full.slice(0, full.lastIndexOf('::'));
  const fields = cppFields(type);
  return [
    TEMPLATE,
    `[[deprecated("use ${namespace}::to_block_style_yaml() instead")]]`,
    `inline void to_yaml(const ${full}_<ContainerAllocator> & msg, std::ostream & out, size_t indentation = 0)`,
    '{',
    `  ${namespace}::to_block_style_yaml(msg, out, indentation);`,
    '}',
    '',
    TEMPLATE,
    `[[deprecated("use ${namespace}::to_yaml() instead")]]`,
    `inline std::string to_yaml(const ${full}_<ContainerAllocator> & msg)`,
    '{',
    `  return ${namespace}::to_yaml(msg);`,
    '}',
    '',
    ...names(full, type.name),
    '',
    'template<>',
    `struct has_fixed_size<${full}>`,
    `  : std::integral_constant<bool, ${sizeCondition(fields, 'has_fixed_size', (f) => f.array !== undefined && f.array.size === undefined, isString)}> {};`,
    '',
    'template<>',
    `struct has_bounded_size<${full}>`,
    `  : std::integral_constant<bool, ${sizeCondition(
      fields,
      'has_bounded_size',
      (f) => f.array !== undefined && f.array.size === undefined && f.array.bound === undefined,
      (e, f) => isString(e) && f.stringBound === undefined,
    )}> {};`,
    '',
    'template<>',
    `struct is_message<${full}>`,
    '  : std::true_type {};',
  ].join('\n');
}

/** data_type<T>() ('pkg::msg::Name') and name<T>() ('pkg/msg/Name'). */
function names(full: string, typeName: string): string[] {
  return [
    'template<>',
    `inline const char * data_type<${full}>()`,
    '{',
    `  return "${full}";`,
    '}',
    '',
    'template<>',
    `inline const char * name<${full}>()`,
    '{',
    `  return "${typeName}";`,
    '}',
  ];
}

/**
 * rosidl's rule: false when a field's container or element is of unknown size, else the
 * conjunction of the nested types' traits (sorted), else true.
 */
function sizeCondition(
  fields: CppField[],
  trait: string,
  openContainer: (field: CppField) => boolean,
  openElement: (element: string, field: CppField) => boolean,
): string {
  if (fields.some((field) => openContainer(field) || openElement(field.element, field))) return 'false';
  const nested = [...new Set(fields.filter((f) => f.message !== undefined).map((f) => `${trait}<${cppName(f.message!)}>::value`))].sort();
  return nested.length === 0 ? 'true' : nested.join(' && ');
}

function isString(element: string): boolean {
  return element === 'string' || element === 'wstring';
}

/** A service's traits (its parts' are their messages'), in namespace rosidl_generator_traits. */
export function cppServiceTraits(serviceName: string): string {
  const full = cppName(serviceName);
  const both = (trait: string): string[] => [
    'template<>',
    `struct ${trait}<${full}>`,
    `  : std::integral_constant<bool, ${trait}<${full}_Request>::value && ${trait}<${full}_Response>::value> {};`,
  ];
  return [
    ...names(full, serviceName),
    '',
    ...both('has_fixed_size'),
    '',
    ...both('has_bounded_size'),
    '',
    'template<>',
    `struct is_service<${full}>`,
    '  : std::true_type {};',
    '',
    'template<>',
    `struct is_service_request<${full}_Request>`,
    '  : std::true_type {};',
    '',
    'template<>',
    `struct is_service_response<${full}_Response>`,
    '  : std::true_type {};',
  ].join('\n');
}

/** An action's traits, in namespace rosidl_generator_traits. */
export function cppActionTraits(actionName: string): string {
  const full = cppName(actionName);
  return [
    ['is_action', full],
    ['is_action_goal', `${full}_Goal`],
    ['is_action_result', `${full}_Result`],
    ['is_action_feedback', `${full}_Feedback`],
  ]
    .map(([trait, type]) => ['template<>', `struct ${trait}<${type}>`, '  : std::true_type {};'].join('\n'))
    .join('\n\n');
}
