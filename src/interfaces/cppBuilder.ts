import { cppFields } from './cppFields.js';
import { cppName } from './cppNames.js';
import type { MessageType } from './MessageType.js';

/**
 * rosidl_generator_cpp's builder of a message (inside its namespaces): `build<T>()` returns an
 * initializer whose methods, one per field in definition order, each set that field and hand on
 * the next (`build<Foo>().a(1).b(2)`); the last returns the message. An empty message builds
 * zero-initialized at once.
 */
export function cppBuilder(type: MessageType): { builder: string; build: string } {
  const name = type.name.split('/')[2]!;
  const full = `::${cppName(type.name)}`;
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
    const next = last ? full : `Init_${name}_${fields[i + 1]!.name}`;
    classes.push(
      [
        `class ${init}`,
        '{',
        'public:',
        i === 0 ? `  ${init}()` : `  explicit ${init}(${full} & msg)`,
        i === 0 ? '  : msg_(::rosidl_runtime_cpp::MessageInitialization::SKIP)' : '  : msg_(msg)',
        '  {}',
        `  ${next} ${field}(${full}::_${field}_type arg)`,
        '  {',
        `    msg_.${field} = std::move(arg);`,
        last ? '    return std::move(msg_);' : `    return ${next}(msg_);`,
        '  }',
        '',
        'private:',
        `  ${full} msg_;`,
        '};',
      ].join('\n'),
    );
  }
  return {
    builder: ['namespace builder', '{', '', classes.join('\n\n'), '', '}  // namespace builder'].join('\n'),
    build: buildFunction(full, `${namespace}::builder::Init_${name}_${fields[0]!.name}()`),
  };
}

/** `build<T>()`, declared and specialized in the type's package namespace. */
function buildFunction(full: string, made: string): string {
  return ['template<typename MessageType>', 'auto build();', '', 'template<>', 'inline', `auto build<${full}>()`, '{', `  return ${made};`, '}'].join('\n');
}
