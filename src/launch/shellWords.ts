/**
 * A command line split into words as a POSIX shell splits it (what `ExecuteProcess(shell=True)`
 * hands to /bin/sh): blanks separate words; single quotes keep everything; double quotes keep
 * all but `\` before `$`, `` ` ``, `"`, `\` and newline; a backslash outside quotes keeps the
 * next character. Expansions (`$x`, globs, `~`) are not done: throws for text that needs a shell
 * beyond quoting (an unclosed quote, or `$`, `` ` ``, `|`, `&`, `;`, `<`, `>`, `(`, `)` unquoted).
 */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (word !== null) words.push(word);
      word = null;
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new SyntaxError('an unclosed single quote');
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      word ??= '';
      for (i++; ; i++) {
        if (i >= text.length) throw new SyntaxError('an unclosed double quote');
        const inner = text[i]!;
        if (inner === '"') break;
        if (inner === '$' || inner === '`') throw new SyntaxError(`'${inner}' inside double quotes, which only a shell expands`);
        if (inner === '\\' && i + 1 < text.length && '$`"\\\n'.includes(text[i + 1]!)) {
          i++;
          if (text[i] !== '\n') word += text[i];
        } else word += inner;
      }
    } else if (ch === '\\') {
      i++;
      if (i < text.length && text[i] !== '\n') word = (word ?? '') + text[i];
    } else if ('$`|&;<>()'.includes(ch)) {
      throw new SyntaxError(`'${ch}', which only a shell understands`);
    } else {
      word = (word ?? '') + ch;
    }
  }
  if (word !== null) words.push(word);
  return words;
}
