/**
 * package.xml read as catkin_pkg reads it (xml.dom.minidom over expat): well-formed XML or
 * nothing, with expat's words for what is wrong ("mismatched tag", "not well-formed (invalid
 * token)", "undefined entity", …) and where. colcon does not build from a manifest catkin_pkg
 * cannot parse. What is kept is what a manifest says: elements, their attributes and text.
 * (nodes/urdf/xmlReader.ts reads URDF as tinyxml2 does, which takes what expat refuses.)
 */

export interface ManifestElement {
  name: string;
  attributes: Record<string, string>;
  children: ManifestElement[];
  /** Its text, entities decoded (what lies between its child elements included). */
  text: string;
  /** 1-based. */
  line: number;
}

/** XML that is not well-formed: expat's message, and where (1-based line and column). */
export class ManifestXmlError extends Error {
  readonly line: number;

  constructor(message: string, line: number, column: number) {
    super(`${message}: line ${line}, column ${column}`);
    this.name = 'ManifestXmlError';
    this.line = line;
  }
}

const NAME = /[A-Za-z_:\u00C0-\uFFFF][\w.:\u00B7\u00C0-\uFFFF-]*/y;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The document's root element, read whole; a document that is not well-formed throws ManifestXmlError. */
export function parseManifestXml(xml: string): ManifestElement {
  let at = 0;
  const fail = (message: string, where = at): never => {
    const before = xml.slice(0, where);
    const line = before.split('\n').length;
    throw new ManifestXmlError(message, line, where - before.lastIndexOf('\n') - 1);
  };
  const lineAt = (where: number): number => xml.slice(0, where).split('\n').length;
  const name = (): string => {
    NAME.lastIndex = at;
    const match = NAME.exec(xml);
    if (match === null) fail('not well-formed (invalid token)');
    at += match![0].length;
    return match![0];
  };
  const spaces = (): boolean => {
    const start = at;
    while (/\s/.test(xml[at] ?? '')) at++;
    return at > start;
  };
  /** Text up to `<`, references decoded; `]]>` and a bad reference are errors. */
  const text = (end: number): string => {
    const raw = xml.slice(at, end);
    const bad = raw.indexOf(']]>');
    if (bad >= 0) fail('not well-formed (invalid token)', at + bad + 2);
    const decoded = raw.replace(/&([^;&<\s]*)(;?)/g, (_whole, reference: string, semicolon: string, offset: number) => {
      // Where the reference breaks off, as expat points.
      if (semicolon === '') fail('not well-formed (invalid token)', at + offset + 1 + reference.length);
      const code = /^#x[0-9A-Fa-f]+$/.test(reference)
        ? Number.parseInt(reference.slice(2), 16)
        : /^#[0-9]+$/.test(reference)
          ? Number(reference.slice(1))
          : null;
      if (code !== null) {
        if (code === 0 || code > 0x10ffff) fail('reference to invalid character number', at + offset);
        return String.fromCodePoint(code);
      }
      return ENTITIES[reference] ?? fail('undefined entity', at + offset);
    });
    at = end;
    return decoded;
  };
  /** A comment, processing instruction or DOCTYPE at `at` (the XML declaration only at the very start). */
  const misc = (outside: boolean): boolean => {
    if (xml.startsWith('<!--', at)) {
      const end = xml.indexOf('-->', at + 4);
      if (end < 0) fail('unclosed token');
      if (xml.slice(at + 4, end).includes('--')) fail('not well-formed (invalid token)', xml.indexOf('--', at + 4) + 2);
      at = end + 3;
      return true;
    }
    if (xml.startsWith('<?', at)) {
      const start = at;
      at += 2;
      const target = name();
      if (target.toLowerCase() === 'xml' && start !== 0) fail('XML or text declaration not at start of entity', start);
      const end = xml.indexOf('?>', at);
      if (end < 0) fail('unclosed token', start);
      at = end + 2;
      return true;
    }
    if (outside && xml.startsWith('<!DOCTYPE', at)) {
      // Up to its `>`, past an internal subset (`[ … ]`) when it has one.
      const close = xml.indexOf('>', at);
      const subset = xml.indexOf('[', at);
      const end = subset >= 0 && subset < close ? xml.indexOf('>', xml.indexOf(']', subset)) : close;
      if (end < 0) fail('unclosed token');
      at = end + 1;
      return true;
    }
    return false;
  };
  const element = (): ManifestElement => {
    const start = at;
    at++;
    const tag = name();
    const attributes: Record<string, string> = {};
    for (;;) {
      const spaced = spaces();
      if (xml.startsWith('/>', at)) {
        at += 2;
        return { name: tag, attributes, children: [], text: '', line: lineAt(start) };
      }
      if (xml[at] === '>') {
        at++;
        break;
      }
      if (at >= xml.length) fail('unclosed token', start);
      if (!spaced) fail('not well-formed (invalid token)');
      const attributeAt = at;
      const attribute = name();
      spaces();
      if (xml[at] !== '=') fail('not well-formed (invalid token)');
      at++;
      spaces();
      const quote = xml[at];
      if (quote !== '"' && quote !== "'") fail('not well-formed (invalid token)');
      const end = xml.indexOf(quote!, at + 1);
      if (end < 0) fail('unclosed token', start);
      if (xml.slice(at + 1, end).includes('<')) fail('not well-formed (invalid token)', xml.indexOf('<', at + 1));
      if (attribute in attributes) fail('duplicate attribute', attributeAt);
      at++;
      attributes[attribute] = text(end);
      at = end + 1;
    }
    const children: ManifestElement[] = [];
    let content = '';
    for (;;) {
      const next = xml.indexOf('<', at);
      if (next < 0) fail('no element found', xml.length);
      content += text(next);
      if (xml.startsWith('</', at)) {
        const closingAt = at;
        at += 2;
        const closing = name();
        if (closing !== tag) fail('mismatched tag', at - closing.length);
        spaces();
        if (at >= xml.length) fail('unclosed token', closingAt);
        if (xml[at] !== '>') fail('not well-formed (invalid token)');
        at++;
        return { name: tag, attributes, children, text: content, line: lineAt(start) };
      }
      if (xml.startsWith('<![CDATA[', at)) {
        const end = xml.indexOf(']]>', at);
        if (end < 0) fail('unclosed CDATA section');
        content += xml.slice(at + 9, end);
        at = end + 3;
      } else if (!misc(false)) children.push(element());
    }
  };

  let root: ManifestElement | undefined;
  for (;;) {
    spaces();
    if (at >= xml.length) break;
    if (xml[at] !== '<') fail(root === undefined ? 'not well-formed (invalid token)' : 'junk after document element');
    if (misc(root === undefined)) continue;
    if (root !== undefined) fail('junk after document element');
    root = element();
  }
  return root ?? fail('no element found');
}
