import { cppFields } from './cppFields.js';
import { cppName } from './cppNames.js';
import type { MessageType } from './MessageType.js';

/**
 * rosidl_generator_cpp's builder of a message (inside its namespaces): `build<T>()` returns an
 * initializer whose methods, one per field in definition order, each set that field and hand on
 * the next (`build<Foo>().a(1).b(2)`); the last returns the message. An empty message builds
 * zero-initialized at once. The initializers are templates over the allocator (rosidl's are
 * classes), so that only the builders a program uses are compiled.
 */
export function cppBuilder(type: MessageType): { builder: string; build: string } {
  const name = type.name.split('/')[2]!;
  const full = `::${cppName(type.name)}`;
  const message = `${full}_<ContainerAllocator>`;
  const fields = cppFields(type);
  const namespace = full.slice(0, full.lastIndexOf('::'));
  if (fields[0]!.placeholder === true) {
    return { builder: '', build: buildFunction(full, `${full}(::rosidl_runtime_cpp::MessageInitialization::ZERO)`) };
  }
  const classes: string[] = [];
  for (let i = fields.length - 1; i >= 0; i--) {
    const field = fields[i]!.name;
    const init = `Init_${name}_${field}`;
    const last = i === fields.length - 1;
    const next = last ? message : `Init_${name}_${fields[i + 1]!.name}<ContainerAllocator>`;
    classes.push(
      [
        'template<class ContainerAllocator = std::allocator<void>>',
        `class ${init}`,
        '{',
        'public:',
        i === 0 ? `  ${init}()` : `  explicit ${init}(${message} & msg)`,
        i === 0 ? '  : msg_(::rosidl_runtime_cpp::MessageInitialization::SKIP)' : '  : msg_(msg)',
        '  {}',
        `  ${next} ${field}(typename ${message}::_${field}_type arg)`,
        '  {',
        `    msg_.${field} = std::move(arg);`,
        last ? '    return std::move(msg_);' : `    return ${next}(msg_);`,
        '  }',
        '',
        'private:',
        `  ${message} msg_;`,
        '};',
      ].join('\n'),
    );
  }
  return {
    builder: ['namespace builder', '{', '', classes.join('\n\n'), '', '}  // namespace builder'].join('\n'),
    build: buildFunction(full, `${namespace}::builder::Init_${name}_${fields[0]!.name}<>()`),
  };
}

/** `build<T>()`, declared and specialized in the type's package namespace. */
function buildFunction(full: string, made: string): string {
  return ['template<typename MessageType>', 'auto build();', '', 'template<>', 'inline', `auto build<${full}>()`, '{', `  return ${made};`, '}'].join('\n');
}
