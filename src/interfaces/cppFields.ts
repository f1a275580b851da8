import type { MessageDefinitionField } from '@foxglove/message-definition';
import { cppName } from './cppNames.js';
import type { MessageType } from './MessageType.js';

/**
 * A field as rosidl_generator_cpp sees it, after rosidl_adapter's mapping of .msg types to IDL:
 * `element` is 'bool', 'octet' (.msg byte, IDL octet), 'char' (IDL char; a .msg char is uint8),
 * an integer or float type ('int8' … 'float64'), 'string', 'wstring' or 'message'.
 */
export interface CppField {
  name: string;
  element: string;
  /** The nested type of a 'message' element ('pkg/msg/Name'). */
  message?: string;
  /** A fixed array's size, a bounded sequence's bound; neither: an unbounded sequence. */
  array?: { size?: number; bound?: number };
  /** A bounded string's (or wstring's) maximum length. */
  stringBound?: number;
  defaultValue?: unknown;
  /** The member rosidl adds to a message without fields (`structure_needs_at_least_one_member`). */
  placeholder?: true;
}

export interface CppConstant {
  name: string;
  element: string;
  value: unknown;
}

const EMPTY_MEMBER = 'structure_needs_at_least_one_member';

/** The fields of a message in definition order (an empty message: rosidl's placeholder uint8). */
export function cppFields(type: MessageType): CppField[] {
  if (type.fields.length === 0) return [{ name: EMPTY_MEMBER, element: 'uint8', placeholder: true }];
  return type.fields.map((field) => {
    const out: CppField = { name: field.name, element: elementOf(type, field) };
    if (field.isComplex === true) out.message = field.type;
    if (field.isArray === true) {
      out.array = {};
      if (field.arrayLength !== undefined) out.array.size = field.arrayLength;
      if (field.arrayUpperBound !== undefined) out.array.bound = field.arrayUpperBound;
    }
    if (field.upperBound !== undefined) out.stringBound = field.upperBound;
    if (field.defaultValue !== undefined) out.defaultValue = field.defaultValue;
    return out;
  });
}

export function cppConstants(type: MessageType): CppConstant[] {
  return type.own.fields
    .filter((field) => field.isConstant === true)
    .map((field) => ({ name: field.name, element: elementOf(type, field), value: field.value }));
}

function elementOf(type: MessageType, field: MessageDefinitionField): string {
  if (field.isComplex === true) return 'message';
  const declared = type.own.declared.get(field.name);
  if (declared === 'byte') return 'octet';
  if (declared === 'char' && type.own.idl === true) return 'char';
  return field.type;
}

const PRIMITIVE_CPP: Record<string, string> = {
  bool: 'bool',
  octet: 'unsigned char',
  char: 'unsigned char',
  int8: 'int8_t',
  uint8: 'uint8_t',
  int16: 'int16_t',
  uint16: 'uint16_t',
  int32: 'int32_t',
  uint32: 'uint32_t',
  int64: 'int64_t',
  uint64: 'uint64_t',
  float32: 'float',
  float64: 'double',
  string: 'std::basic_string<char, std::char_traits<char>, typename std::allocator_traits<ContainerAllocator>::template rebind_alloc<char>>',
  wstring: 'std::basic_string<char16_t, std::char_traits<char16_t>, typename std::allocator_traits<ContainerAllocator>::template rebind_alloc<char16_t>>',
};

/** The C++ type of one element (inside the struct template, where ContainerAllocator is its parameter). */
export function cppElementType(field: Pick<CppField, 'element' | 'message'>): string {
  return field.message === undefined ? PRIMITIVE_CPP[field.element]! : `${cppName(field.message)}_<ContainerAllocator>`;
}

/** The C++ type of a field: the element, or std::array, std::vector or rosidl_runtime_cpp::BoundedVector of it. */
export function cppFieldType(field: CppField): string {
  const element = cppElementType(field);
  if (field.array === undefined) return element;
  if (field.array.size !== undefined) return `std::array<${element}, ${field.array.size}>`;
  const allocator = `typename std::allocator_traits<ContainerAllocator>::template rebind_alloc<${element}>`;
  if (field.array.bound !== undefined) return `rosidl_runtime_cpp::BoundedVector<${element}, ${field.array.bound}, ${allocator}>`;
  return `std::vector<${element}, ${allocator}>`;
}
