// The fixed layout of the hot messages on the in-process link (docs/node-protocol.md, "The fixed
// layout"): Run (to the program), Publish and Done (to the simulation), which every callback of a
// C++ program in rclsim's process sends, read and written at fixed offsets instead of as protobuf.
// The one definition both generators use: scripts/nodeProtoCpp.mjs writes the C++ client's codec
// from it, scripts/nodeProtoTypes.mjs the table src/port/wire/fixedCodec.ts compiles.
//
// byte order: every number is little-endian on every host (the TypeScript side's DataView and
// Buffer LE accessors, the C++ client's byte-by-byte put_fixed and get_fixed).
//
// A body: byte 0 is 0 (no protobuf message starts so: its first key would name field 0), byte 1
// the message's field number in its envelope (ToClient.run 6, ToSimulation.publish 5 …), then
// each field in number order at a fixed offset — 8 bytes for a 64-bit number or a double, 4 for
// a 32-bit one or an enum, 1 for a bool, 4 for a string's or bytes' length — then those strings'
// and bytes' contents, one after the other in number order.
import protobuf from 'protobufjs';

/** The hot messages: their envelope and their member in it. */
const HOT = [
  ['ToClient', 'run'],
  ['ToSimulation', 'publish'],
  ['ToSimulation', 'done'],
];

/** Bytes a field takes in the fixed part, by its kind. */
const SIZES = { uint64: 8, int64: 8, double: 8, uint32: 4, int32: 4, enum: 4, bool: 1, bytes: 4, string: 4 };

/** Where the fields start: after the mark (0) and the member's number. */
export const FIXED_HEAD = 2;

/**
 * The layouts, from the .proto's package (`pkg`, parsed with the generator's own case: the fields'
 * names are the generator's; the members' names are one word): for each hot message its envelope, its type's name, its number in
 * the envelope, its fields (name, kind, offset) and how many bytes the fixed part takes.
 */
export function fixedLayouts(pkg) {
  return HOT.map(([envelopeName, memberName]) => {
    const envelope = pkg.lookupType(envelopeName);
    const member = envelope.fieldsArray.find((field) => field.name === memberName);
    member.resolve();
    const type = member.resolvedType;
    let offset = FIXED_HEAD;
    const fields = [...type.fieldsArray]
      .sort((a, b) => a.id - b.id)
      .map((field) => {
        field.resolve();
        if (field.repeated || field.map || field.partOf !== null) throw new Error(`node.proto: ${field.fullName}: a hot message's fields are single values`);
        const kind = field.resolvedType instanceof protobuf.Enum ? 'enum' : field.type;
        const size = SIZES[kind];
        if (size === undefined) throw new Error(`node.proto: ${field.fullName}: no fixed layout for ${field.type} (scripts/fixedLayout.mjs)`);
        const placed = { name: field.name, kind, offset };
        offset += size;
        return placed;
      });
    return { envelope: envelopeName, type: type.name, member: member.name, number: member.id, fields, fixedBytes: offset };
  });
}
