import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attribute, readXml } from '../../src/base/xmlReader.js';

describe('the XML reader of URDF, SDF and Collada (what tinyxml2 takes, its errors)', () => {
  it("keeps an element's text as tinyxml2's GetText gives it: the first child node's, white space kept, CDATA as written", () => {
    const [sdf] = readXml(`<sdf>
  <size>0.14 0.14\n 0.14 </size>
  <uri><![CDATA[model://a&b]]></uri>
  <name>r&amp;d<!-- c -->more</name>
  <pose><!-- first --> 1 2 3</pose>
  <empty/>
</sdf>`);
    const text = (name: string) => sdf!.children.find((child) => child.name === name)?.text;
    assert.equal(text('size'), '0.14 0.14\n 0.14 ');
    assert.equal(text('uri'), 'model://a&b');
    assert.equal(text('name'), 'r&d');
    assert.equal(text('pose'), undefined);
    assert.equal(text('empty'), undefined);
    // The text's new line counts: <uri> is on line 4.
    assert.deepEqual(
      sdf!.children.map((child) => child.line),
      [2, 4, 5, 6, 7],
    );
  });

  it('reads elements and attributes through declarations, comments, DOCTYPE, CDATA and text; decodes entities', () => {
    const [robot, ...rest] = readXml(`\ufeff<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE robot>
<!-- a comment with <tags> -->
<robot name='r&amp;d' note="&lt;&#65;&#x42;&gt; &quot;q&quot; &apos; &unknown;">
  <link name="a"><![CDATA[ <not an element/> ]]>some text</link>
  <joint name="j" type="fixed"/>
</robot>
`);
    assert.equal(rest.length, 0);
    assert.equal(robot!.name, 'robot');
    assert.equal(attribute(robot!, 'name'), 'r&d');
    assert.equal(attribute(robot!, 'note'), `<AB> "q" ' &unknown;`);
    assert.deepEqual(
      robot!.children.map((child) => [child.name, child.line, child.children.length]),
      [
        ['link', 5, 0],
        ['joint', 6, 0],
      ],
    );
  });

  it('fails as tinyxml2 does, with its ErrorStr()', () => {
    const error = (text: string): string => {
      try {
        readXml(text);
      } catch (thrown) {
        return (thrown as Error).message;
      }
      return 'no error';
    };
    assert.equal(error('  \n '), 'Error=XML_ERROR_EMPTY_DOCUMENT ErrorID=13 (0xd) Line number=0');
    assert.equal(error('<robot>\n  <link name="a">\n</robot>'), 'Error=XML_ERROR_MISMATCHED_ELEMENT ErrorID=14 (0xe) Line number=2: XMLElement name=link');
    assert.equal(error('<robot>\n  <link name="a"/>\n'), 'Error=XML_ERROR_PARSING ErrorID=15 (0xf) Line number=1');
    assert.equal(error('<robot>'), 'Error=XML_ERROR_MISMATCHED_ELEMENT ErrorID=14 (0xe) Line number=1: XMLElement name=robot');
    assert.equal(error('<robot name="a" name="b"/>'), 'Error=XML_ERROR_PARSING_ATTRIBUTE ErrorID=7 (0x7) Line number=1: XMLElement name=robot');
    assert.equal(error('<robot\n name=a/>'), 'Error=XML_ERROR_PARSING_ATTRIBUTE ErrorID=7 (0x7) Line number=2: XMLElement name=robot');
    assert.equal(error('<robot name="a" %/>'), 'Error=XML_ERROR_PARSING_ELEMENT ErrorID=6 (0x6) Line number=1');
    assert.equal(error('<robot/>\n<!-- open'), 'Error=XML_ERROR_PARSING_COMMENT ErrorID=10 (0xa) Line number=2');
    assert.equal(
      error('<robot/><?xml version="1.0"?>'),
      'Error=XML_ERROR_PARSING_DECLARATION ErrorID=11 (0xb) Line number=1: XMLDeclaration value=xml version="1.0"',
    );
    assert.equal(error('<robot/>\ntrailing'), 'Error=XML_ERROR_PARSING_TEXT ErrorID=8 (0x8) Line number=2');
  });
});
