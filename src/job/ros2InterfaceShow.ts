/**
 * `ros2 interface show` (ros2interface/verb/show.py, Jazzy): the definition file's lines as the
 * package ships them, each nested type's definition after its field, one tab deeper. Which
 * lines count as comments is rosidl_adapter's parse_message_string of the one line, quirks
 * included: a bare `#` or an indented comment is no comment to it (ros2cli issue #769), and a
 * trailing comment is cut one character before the first place its text occurs in the line
 * (so ` #` stays when a space follows the `#`).
 */
import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import { PRIMITIVES } from '../interfaces/primitives.js';

/** What parse_message_string makes of one line. */
interface LineSpec {
  /** The message's own (file-level) comment, after process_comments: non-empty makes the line a comment. */
  comment: string | null;
  /** The comment after the one field or constant the line declares. */
  trailing: string | null;
  /** The field's type when it is a message (`pkg/Name`, arrays left out). */
  nested: string | null;
}

/** process_comments on one comment line: a lone `[unit]` taken out, then textwrap.dedent; null when nothing is left. */
function processedComment(text: string): string | null {
  const units = [...text.matchAll(/(\s*\[([^,\]]+)\])/g)];
  const line = units.length === 1 ? text.split(units[0]![1]!).join('') : text;
  if (line === '') return null;
  // dedent of one line: its leading whitespace goes; a line of whitespace only becomes empty.
  return line.trimStart();
}

/** parse_message_string(pkg, name, line) for one line of a definition file (tabs as spaces, as it reads them). */
function lineSpec(raw: string, pkg: string): LineSpec {
  const text = raw.replace(/\t/g, ' ');
  const none: LineSpec = { comment: null, trailing: null, nested: null };
  // extract_file_level_comments: a line starting with '#' is the message's comment.
  if (text.startsWith('#')) return { ...none, comment: processedComment(text.replace(/^#+/, '')) };
  let line = text.trimEnd();
  if (line === '') return none;
  let trailing: string | null = null;
  const hash = line.indexOf('#');
  if (hash >= 0) {
    const before = line.slice(0, hash);
    // An indented comment with no field before it is dropped.
    if (before.trim() === '') return none;
    trailing = processedComment(line.slice(hash).replace(/^#+/, ''));
    line = before.trimEnd();
  }
  const space = line.indexOf(' ');
  const type = space < 0 ? line : line.slice(0, space);
  const rest = space < 0 ? '' : line.slice(space + 1).trimStart();
  if (rest === '') return none;
  // A constant: its comment is trailing too, but it nests nothing.
  if (rest.includes('=')) return { ...none, trailing };
  const base = type.replace(/\[.*$/, '');
  if (Object.hasOwn(PRIMITIVES, base.replace(/<=\d+$/, ''))) return { ...none, trailing };
  return { ...none, trailing, nested: base.includes('/') ? base : `${pkg}/${base}` };
}

/** Python's `text[:end]` for an end that may be negative. */
function pySliceTo(text: string, end: number): string {
  return text.slice(0, end < 0 ? Math.max(text.length + end, 0) : end);
}

/** The error a lookup gives, as show.py returns it (its text on stderr, exit 1). */
export class InterfaceShowError extends Error {}

/**
 * The lines `ros2 interface show <type>` prints, through `print`; throws InterfaceShowError
 * after the lines printed so far, as show.py returns an error where it stops.
 */
export function showInterface(
  registry: InterfaceRegistry,
  type: string,
  options: { allComments: boolean; noComments: boolean },
  print: (line: string) => void,
): void {
  const parts = type.split('/');
  if (parts.length !== 3) throw new InterfaceShowError(`Invalid name '${type}'. Expected three parts separated by '/'`);
  show(registry, type, options.allComments || !options.noComments, options.allComments, 0, print);
}

function show(registry: InterfaceRegistry, type: string, comments: boolean, nestedComments: boolean, indent: number, print: (line: string) => void): void {
  const [pkg, kind, file] = type.split('/') as [string, string, string];
  // rosidl_runtime_py's get_interface_path: `Name`, `Name.msg` (the folder's suffix) or `Name.idl`.
  const suffix = [`.${kind}`, '.idl'].find((end) => file.endsWith(end));
  const name = suffix === undefined ? file : file.slice(0, -suffix.length);
  const definition = kind === 'msg' || kind === 'srv' || kind === 'action' ? registry.definitionFile(pkg, kind, name) : null;
  if (definition === null) {
    if (!registry.packageNames().includes(pkg)) throw new InterfaceShowError(`Unknown package '${pkg}'`);
    throw new InterfaceShowError(`Could not find the interface '${pkg}/${kind}/${name === file ? `${file}.idl` : file}'`);
  }
  for (const raw of definition.text.split(/\r?\n|\r/).slice(0, definition.text.endsWith('\n') ? -1 : undefined)) {
    const text = raw.trimEnd();
    const spec: LineSpec = text === '---' ? { comment: null, trailing: null, nested: null } : lineSpec(text, pkg);
    let shown: string | null = text;
    if (!comments) {
      if (text === '' || spec.comment !== null) shown = null;
      else if (spec.trailing !== null) shown = pySliceTo(text, text.indexOf(spec.trailing) - 1).trim();
    }
    if (shown !== null) print(shown === '' ? '' : `${'\t'.repeat(indent)}${shown}`);
    if (spec.nested !== null) show(registry, spec.nested.replace('/', '/msg/'), nestedComments, nestedComments, indent + 1, print);
  }
}
