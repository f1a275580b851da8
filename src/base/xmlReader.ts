/**
 * An XML reader that takes what tinyxml2 (10.0, the XML parser of urdfdom and sdformat) takes and
 * fails where it fails, with its error text: elements, attributes (quoted either way, entities
 * decoded, duplicates refused), comments, CDATA, declarations (`<?xml …?>`, only before anything
 * else) and other `<!…>` nodes (DOCTYPE), text. Elements, attributes and an element's text are
 * kept: URDF needs no more, SDF and Collada keep their values in text. Structure follows
 * tinyxml2's (XMLNode::ParseDeep reading a level, the closing tag read as an element and handed to
 * its parent), so that its errors fall out where tinyxml2's do.
 */
export interface XmlElement {
  name: string;
  /** In document order. */
  attributes: [string, string][];
  children: XmlElement[];
  /** tinyxml2's GetText(): the first child node's text (entities decoded; CDATA as written) when that node is text, else undefined. */
  text?: string;
  /** 1-based. */
  line: number;
}

/** A failure to read: tinyxml2's ErrorStr(). */
export class XmlError extends Error {
  override readonly name = 'XmlError';
}

/** tinyxml2's XMLError values, by name. */
const ERROR_IDS = {
  XML_ERROR_PARSING_ELEMENT: 6,
  XML_ERROR_PARSING_ATTRIBUTE: 7,
  XML_ERROR_PARSING_TEXT: 8,
  XML_ERROR_PARSING_CDATA: 9,
  XML_ERROR_PARSING_COMMENT: 10,
  XML_ERROR_PARSING_DECLARATION: 11,
  XML_ERROR_PARSING_UNKNOWN: 12,
  XML_ERROR_EMPTY_DOCUMENT: 13,
  XML_ERROR_MISMATCHED_ELEMENT: 14,
  XML_ERROR_PARSING: 15,
} as const;

type ErrorName = keyof typeof ERROR_IDS;

function xmlError(name: ErrorName, line: number, detail?: string): XmlError {
  const id = ERROR_IDS[name];
  return new XmlError(`Error=${name} ErrorID=${id} (0x${id.toString(16)}) Line number=${line}${detail === undefined ? '' : `: ${detail}`}`);
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';
const isNameStart = (c: string | undefined): boolean => c !== undefined && (/[A-Za-z:_]/.test(c) || c.charCodeAt(0) >= 0x80);
const isNameChar = (c: string | undefined): boolean => isNameStart(c) || (c !== undefined && /[0-9.-]/.test(c));

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', apos: "'", lt: '<', gt: '>' };

/** Entities decoded as tinyxml2 decodes them: the five named ones and character references; another `&` stays as written. */
function decoded(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/&(#x[0-9a-fA-F]+|#[0-9]+|quot|amp|apos|lt|gt);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name]!;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** One node as Identify sees it, read to its end. */
type Node =
  | { kind: 'element'; element: XmlElement; closing: 'open' | 'closed' | 'closing' }
  | { kind: 'declaration'; line: number; value: string }
  | { kind: 'text'; value: string }
  | { kind: 'other' };

class Reader {
  #at = 0;
  #line = 1;
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  get done(): boolean {
    return this.#at >= this.#text.length;
  }

  #peek(offset = 0): string | undefined {
    return this.#text[this.#at + offset];
  }

  #advance(count: number): void {
    for (let i = 0; i < count; i++) if (this.#text[this.#at + i] === '\n') this.#line++;
    this.#at += count;
  }

  /** Back to `at` (within the white space just skipped: no line was passed that is not counted again). */
  #rewind(at: number): void {
    for (let i = at; i < this.#at; i++) if (this.#text[i] === '\n') this.#line--;
    this.#at = at;
  }

  skipSpace(): void {
    while (isSpace(this.#peek())) this.#advance(1);
  }

  /** Skips a UTF-8 byte order mark. */
  skipBom(): void {
    if (this.#peek() === '\ufeff') this.#at++;
  }

  #startsWith(prefix: string): boolean {
    return this.#text.startsWith(prefix, this.#at);
  }

  /** Reads up to `end`, past it; null (nothing consumed) when it never comes. */
  #until(end: string): string | null {
    const found = this.#text.indexOf(end, this.#at);
    if (found < 0) return null;
    const text = this.#text.slice(this.#at, found);
    this.#advance(found - this.#at + end.length);
    return text;
  }

  #name(): string {
    if (!isNameStart(this.#peek())) return '';
    const start = this.#at;
    while (isNameChar(this.#peek())) this.#at++;
    return this.#text.slice(start, this.#at);
  }

  /**
   * The nodes of one level until the closing tag that ends it (returned as its name), or the
   * end of the text (null; an error for an element's level, as in tinyxml2).
   */
  level(into: XmlElement[], declarations: boolean, parent?: XmlElement): { endTag: string } | null {
    let onlyDeclarations = true;
    let first = true;
    for (;;) {
      // Text keeps its white space (tinyxml2's PRESERVE_WHITESPACE); only an element's level reads text.
      const textStart = this.#at;
      this.skipSpace();
      if (this.done) return null;
      const line = this.#line;
      if (parent !== undefined && !this.#startsWith('<')) this.#rewind(textStart);
      const node = this.#node(line);
      if (node === null) throw xmlError('XML_ERROR_PARSING', line);
      if (first && node.kind === 'text' && parent !== undefined) parent.text = node.value;
      first = false;
      if (node.kind === 'declaration') {
        if (!(declarations && onlyDeclarations)) throw xmlError('XML_ERROR_PARSING_DECLARATION', line, `XMLDeclaration value=${node.value}`);
      } else onlyDeclarations = false;
      if (node.kind !== 'element') continue;
      const { element, closing } = node;
      if (closing === 'closing') return { endTag: element.name };
      if (closing === 'open') {
        // An open tag that ends the text has no closing tag to match (tinyxml2 stops reading there).
        if (this.done) throw xmlError('XML_ERROR_MISMATCHED_ELEMENT', line, `XMLElement name=${element.name}`);
        // Its children, then the closing tag its level ends with.
        const end = this.level(element.children, false, element);
        if (end === null) throw xmlError('XML_ERROR_PARSING', line);
        if (end.endTag !== element.name) throw xmlError('XML_ERROR_MISMATCHED_ELEMENT', line, `XMLElement name=${element.name}`);
      }
      into.push(element);
    }
  }

  /** The node here (after white space), read to its end; null where tinyxml2's ParseDeep returns 0 without an error of its own. */
  #node(line: number): Node | null {
    if (this.#startsWith('<?')) {
      this.#advance(2);
      const value = this.#until('?>');
      if (value === null) throw xmlError('XML_ERROR_PARSING_DECLARATION', line);
      return { kind: 'declaration', line, value };
    }
    if (this.#startsWith('<!--')) {
      this.#advance(4);
      if (this.#until('-->') === null) throw xmlError('XML_ERROR_PARSING_COMMENT', this.#line);
      return { kind: 'other' };
    }
    if (this.#startsWith('<![CDATA[')) {
      this.#advance(9);
      const value = this.#until(']]>');
      if (value === null) throw xmlError('XML_ERROR_PARSING_CDATA', this.#line);
      return { kind: 'text', value };
    }
    if (this.#startsWith('<!')) {
      this.#advance(2);
      if (this.#until('>') === null) throw xmlError('XML_ERROR_PARSING_UNKNOWN', this.#line);
      return { kind: 'other' };
    }
    if (this.#startsWith('<')) {
      this.#advance(1);
      return this.#element(line);
    }
    // Text, to the next `<`.
    const text = this.#until('<');
    if (text === null) throw xmlError('XML_ERROR_PARSING_TEXT', line);
    this.#at--;
    return { kind: 'text', value: decoded(text) };
  }

  /** An element's tag, after its `<`: its name and attributes, and whether it is open, closed (`/>`) or a closing tag. */
  #element(line: number): Node | null {
    this.skipSpace();
    let closing: 'open' | 'closed' | 'closing' = 'open';
    if (this.#peek() === '/') {
      closing = 'closing';
      this.#at++;
    }
    const name = this.#name();
    if (name === '') return null;
    const element: XmlElement = { name, attributes: [], children: [], line };
    for (;;) {
      this.skipSpace();
      const c = this.#peek();
      if (c === undefined) throw xmlError('XML_ERROR_PARSING_ELEMENT', line, `XMLElement name=${name}`);
      if (isNameStart(c)) {
        const attributeLine = this.#line;
        const attribute = this.#attribute();
        if (attribute === null || element.attributes.some(([known]) => known === attribute[0]))
          throw xmlError('XML_ERROR_PARSING_ATTRIBUTE', attributeLine, `XMLElement name=${name}`);
        element.attributes.push(attribute);
      } else if (c === '>') {
        this.#at++;
        break;
      } else if (c === '/' && this.#peek(1) === '>') {
        this.#at += 2;
        return { kind: 'element', element, closing: closing === 'closing' ? 'closing' : 'closed' };
      } else throw xmlError('XML_ERROR_PARSING_ELEMENT', line);
    }
    return { kind: 'element', element, closing };
  }

  /** `name = "value"` (or single quotes); null when it is not one. */
  #attribute(): [string, string] | null {
    const name = this.#name();
    if (this.done) return null;
    this.skipSpace();
    if (this.#peek() !== '=') return null;
    this.#at++;
    this.skipSpace();
    const quote = this.#peek();
    if (quote !== '"' && quote !== "'") return null;
    this.#at++;
    const value = this.#until(quote);
    return value === null ? null : [name, decoded(value)];
  }
}

/**
 * The top-level elements of an XML document, as tinyxml2's XMLDocument::Parse reads it; throws
 * an XmlError with tinyxml2's ErrorStr() where it fails.
 */
export function readXml(text: string): XmlElement[] {
  const reader = new Reader(text);
  reader.skipSpace();
  reader.skipBom();
  if (reader.done) throw xmlError('XML_ERROR_EMPTY_DOCUMENT', 0);
  const top: XmlElement[] = [];
  // A closing tag at the top ends the document, as it ends tinyxml2's reading (no error).
  reader.level(top, true);
  return top;
}

/** An element's attribute (the first of that name), as tinyxml2's Attribute(name). */
export function attribute(element: XmlElement, name: string): string | undefined {
  return element.attributes.find(([known]) => known === name)?.[1];
}

/** An element's first child of that name, as tinyxml2's FirstChildElement(name). */
export function firstChild(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((child) => child.name === name);
}

/** An element's children of that name, in order. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}
