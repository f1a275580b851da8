/**
 * A failure's message as one line, never cut to nothing: a first line that announces what follows
 * ("Transform failed with 1 error:") takes the following lines up to one that does not, joined by
 * spaces; an empty first line gives way to the first non-empty one.
 */
export function oneLine(message: string): string {
  const lines = message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return '(no message)';
  let end = 1;
  while (end < lines.length && lines[end - 1]!.endsWith(':')) end++;
  return lines.slice(0, end).join(' ');
}
