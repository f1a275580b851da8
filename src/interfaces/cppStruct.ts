import { type CppConstant, type CppField, cppConstants, cppElementType, cppFields, cppFieldType } from './cppFields.js';
import { cppLiteral, cppName } from './cppNames.js';
import type { MessageType } from './MessageType.js';

const INIT = 'rosidl_runtime_cpp::MessageInitialization';

/**
 * A message's struct in rosidl_generator_cpp's shape: `Name_<ContainerAllocator>` with its
 * constructors (MessageInitialization, allocator), `_x_type` typedefs and fields, `set__x`
 * setters, constants, pointer types and comparison; then `using Name = Name_<std::allocator<void>>`.
 * Goes inside the type's namespaces.
 */
export function cppStruct(type: MessageType): string {
  const name = type.name.split('/')[2]!;
  const self = `${cppName(type.name)}_<ContainerAllocator>`;
  const fields = cppFields(type);
  const constants = cppConstants(type);
  const lines = [
    'template<class ContainerAllocator>',
    `struct ${name}_`,
    '{',
    `  using Type = ${name}_<ContainerAllocator>;`,
    '',
    `  explicit ${name}_(${INIT} _init = ${INIT}::ALL)`,
    ...initializers(fields.filter((f) => f.message !== undefined && f.array === undefined).map((f) => `${f.name}(_init)`)),
    '  {',
    ...initialization(fields, '_init'),
    '  }',
    '',
    `  explicit ${name}_(const ContainerAllocator & _alloc, ${INIT} _init = ${INIT}::ALL)`,
    ...initializers(fields.filter(usesAllocator).map((f) => `${f.name}(_alloc${f.message !== undefined && f.array === undefined ? ', _init' : ''})`)),
    '  {',
    '    (void)_alloc;',
    ...initialization(fields, '_alloc, _init'),
    '  }',
    '',
    '  // field types and members',
  ];
  for (const field of fields) lines.push(`  using _${field.name}_type =`, `    ${cppFieldType(field)};`, `  _${field.name}_type ${field.name};`);
  if (!fields[0]!.placeholder) {
    lines.push('', '  // setters for named parameter idiom');
    for (const field of fields) {
      lines.push(`  Type & set__${field.name}(const _${field.name}_type & _arg)`, '  {', `    this->${field.name} = _arg;`, '    return *this;', '  }');
    }
  }
  if (constants.length > 0) lines.push('', '  // constants');
  for (const constant of constants) lines.push(constantDeclaration(constant));
  lines.push(
    '',
    '  // pointer types',
    `  using RawPtr = ${self} *;`,
    `  using ConstRawPtr = const ${self} *;`,
    `  using SharedPtr = std::shared_ptr<${self}>;`,
    `  using ConstSharedPtr = std::shared_ptr<${self} const>;`,
    `  template<typename Deleter = std::default_delete<${self}>>`,
    `  using UniquePtrWithDeleter = std::unique_ptr<${self}, Deleter>;`,
    '  using UniquePtr = UniquePtrWithDeleter<>;',
    `  template<typename Deleter = std::default_delete<${self}>>`,
    `  using ConstUniquePtrWithDeleter = std::unique_ptr<${self} const, Deleter>;`,
    '  using ConstUniquePtr = ConstUniquePtrWithDeleter<>;',
    `  using WeakPtr = std::weak_ptr<${self}>;`,
    `  using ConstWeakPtr = std::weak_ptr<${self} const>;`,
    '  // ROS 1 style, deprecated: SharedPtr / ConstSharedPtr',
    `  using Ptr [[deprecated("use SharedPtr")]] = std::shared_ptr<${self}>;`,
    `  using ConstPtr [[deprecated("use ConstSharedPtr")]] = std::shared_ptr<${self} const>;`,
    '',
    '  // comparison operators',
    `  bool operator==(const ${name}_ & other) const`,
    '  {',
    `    return ${fields.map((f) => `this->${f.name} == other.${f.name}`).join(' &&\n      ')};`,
    '  }',
    `  bool operator!=(const ${name}_ & other) const`,
    '  {',
    '    return !this->operator==(other);',
    '  }',
    `};  // struct ${name}_`,
    '',
    '// alias to use template instance with default allocator',
    `using ${name} =`,
    `  ${cppName(type.name)}_<std::allocator<void>>;`,
  );
  for (const constant of constants.filter((c) => isString(c.element))) {
    lines.push(
      '',
      'template<typename ContainerAllocator>',
      `const ${cppElementType(constant)}`,
      `${name}_<ContainerAllocator>::${constant.name} = ${cppLiteral(constant.element, constant.value)};`,
    );
  }
  return lines.join('\n');
}

function initializers(items: string[]): string[] {
  return items.length === 0 ? [] : [`  : ${items.join(',\n    ')}`];
}

/** Members constructed from the allocator: strings, sequences, nested messages (fixed arrays are not). */
function usesAllocator(field: CppField): boolean {
  if (field.array !== undefined) return field.array.size === undefined;
  return field.message !== undefined || isString(field.element);
}

function isString(element: string): boolean {
  return element === 'string' || element === 'wstring';
}

/**
 * The constructor body: defaults from the definition under ALL and DEFAULTS_ONLY (zero instead
 * under ZERO), zero for the other fields under ALL and ZERO; SKIP leaves primitives as they are.
 * Nested messages got `_init` already; a fixed array of them is refilled only for ZERO (its
 * elements were default-constructed, that is ALL).
 */
function initialization(fields: CppField[], fillArguments: string): string[] {
  const defaults: string[] = [];
  const zeroForDefaulted: string[] = [];
  const zero: string[] = [];
  const zeroOnly: string[] = [];
  for (const field of fields) {
    if (field.defaultValue !== undefined) {
      defaults.push(`this->${field.name} = ${defaultLiteral(field)};`);
      const cleared = zeroStatement(field);
      if (cleared !== null) zeroForDefaulted.push(cleared);
    } else if (field.message !== undefined && field.array?.size !== undefined) {
      zeroOnly.push(`this->${field.name}.fill(${cppElementType(field)}(${fillArguments}));`);
    } else {
      const cleared = zeroStatement(field);
      if (cleared !== null) zero.push(cleared);
    }
  }
  const lines = ['    (void)_init;'];
  const block = (condition: string, body: string[]): void => {
    if (body.length > 0) lines.push(`    if (${condition}) {`, ...body.map((line) => `      ${line}`), '    }');
  };
  block(`${INIT}::ALL == _init || ${INIT}::DEFAULTS_ONLY == _init`, defaults);
  block(`${INIT}::ZERO == _init`, [...zeroForDefaulted, ...zeroOnly]);
  block(`${INIT}::ALL == _init || ${INIT}::ZERO == _init`, zero);
  return lines;
}

/** What sets a field to zero, or null when construction did (strings, sequences and nested messages start empty). */
function zeroStatement(field: CppField): string | null {
  if (field.message !== undefined || isString(field.element)) return null;
  if (field.array === undefined) return `this->${field.name} = ${zeroOf(field.element)};`;
  return field.array.size === undefined ? null : `this->${field.name}.fill(${zeroOf(field.element)});`;
}

function zeroOf(element: string): string {
  return cppLiteral(element, element === 'bool' ? false : 0);
}

function defaultLiteral(field: CppField): string {
  if (field.array === undefined) return cppLiteral(field.element, field.defaultValue);
  const items = (field.defaultValue as unknown[]).map((item) => cppLiteral(field.element, item)).join(', ');
  // std::array is an aggregate: its braces hold the inner array's.
  return field.array.size !== undefined ? `{{${items}}}` : `{${items}}`;
}

function constantDeclaration(constant: CppConstant): string {
  if (isString(constant.element)) return `  static const ${cppElementType(constant)} ${constant.name};`;
  return `  static constexpr ${cppElementType(constant)} ${constant.name} = ${cppLiteral(constant.element, constant.value)};`;
}
