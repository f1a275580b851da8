import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { cliPath, repoRoot, tempDir, writeTemp } from '../support/helpers.js';

const fixtures = join(repoRoot, '../shared/fixtures/rosbag2');

/** The CLI, killed outright after 30 s: a bag that hangs it fails the test instead of hanging it. */
function rclsim(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Exit 2 with exactly one line on stderr, `rclsim: <path>: <problem>`. */
function refused(result: ReturnType<typeof rclsim>, path: string, problem: RegExp, code = 2): void {
  assert.equal(result.status, code, result.stderr);
  const lines = result.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, result.stderr);
  assert.ok(lines[0]!.includes(`${path}: `), result.stderr);
  assert.match(lines[0]!, problem);
}

function mkfifo(path: string): string {
  assert.equal(spawnSync('mkfifo', [path]).status, 0);
  return path;
}

/**
 * A copy of the sqlite3 fixture whose tables allow what rosbag2's schema forbids (NULLs), then
 * changed by `sql`. Its topics: 1 /rosout, 2 /parameter_events, 3 /topic; message 4 is on /topic.
 */
function sqliteBag(sql: string): string {
  const file = join(tempDir(), 'talker.db3');
  copyFileSync(join(fixtures, 'sqlite3-talker/talker.db3'), file);
  const db = new Database(file);
  db.exec(`
    CREATE TABLE loose_messages(id INTEGER PRIMARY KEY, topic_id INTEGER, timestamp INTEGER, data BLOB);
    INSERT INTO loose_messages SELECT id, topic_id, timestamp, data FROM messages;
    DROP TABLE messages;
    ALTER TABLE loose_messages RENAME TO messages;
    CREATE TABLE loose_topics(id INTEGER PRIMARY KEY, name TEXT, type TEXT, serialization_format TEXT, offered_qos_profiles TEXT, type_description_hash TEXT);
    INSERT INTO loose_topics SELECT id, name, type, serialization_format, offered_qos_profiles, type_description_hash FROM topics;
    DROP TABLE topics;
    ALTER TABLE loose_topics RENAME TO topics;
    ${sql}`);
  db.close();
  return file;
}

describe('bag inputs rclsim refuses in one line, never hanging on them', () => {
  it('a sqlite3 bag’s row without data, timestamp or topic type names the file and the row (exit 2)', () => {
    // Found when the bag opens (bag info, play).
    const atOpen: [string, RegExp][] = [
      ['UPDATE messages SET timestamp = NULL WHERE id = 4', /: message id 4 on \/topic: its timestamp is null, not an integer$/],
      ["UPDATE messages SET timestamp = 'soon' WHERE id = 4", /: message id 4 on \/topic: its timestamp is text, not an integer$/],
      ['UPDATE messages SET timestamp = -1 WHERE id = 4', /: message id 4 on \/topic: its timestamp -1 is negative \(before 1970\)$/],
      ['UPDATE topics SET type = NULL WHERE id = 3', /: topics row 3 \(\/topic\): its type is null, not text$/],
      ['UPDATE topics SET name = NULL WHERE id = 3', /: topics row 3: its name is null, not text$/],
      ['UPDATE topics SET serialization_format = NULL WHERE id = 3', /: topics row 3 \(\/topic\): its serialization_format is null, not text$/],
    ];
    for (const [sql, problem] of atOpen) {
      const bag = sqliteBag(sql);
      refused(rclsim(['bag', 'info', bag], repoRoot), bag, problem);
    }
    // Found as the message is read, as ros2 bag info, which reads no message, does not see it
    // either (playing one without data was an internal error, exit 1).
    const whenRead: [string, RegExp][] = [
      ['UPDATE messages SET data = NULL WHERE id = 4', /: message id 4 on \/topic: its data is null, not a blob of CDR bytes$/],
      ["UPDATE messages SET data = 'text' WHERE id = 4", /: message id 4 on \/topic: its data is text, not a blob of CDR bytes$/],
    ];
    for (const [sql, problem] of whenRead) {
      const bag = sqliteBag(sql);
      const job = writeTemp(join(bag, '..'), 'job.yaml', 'play: { bag: talker.db3 }\n');
      refused(rclsim(['run', job], repoRoot), bag, problem);
    }
  });

  it('a message whose CDR is no message of its type is refused once something receives it (exit 2), and played when nothing does', () => {
    // Message 4's string claims 2^31 - 1 bytes and has none.
    const bag = sqliteBag("UPDATE messages SET data = X'00010000ffffff7f' WHERE id = 4");
    const listener = join(repoRoot, 'test/fixtures/separate/listener.cjs');
    const heard = writeTemp(join(bag, '..'), 'heard.yaml', `play: { bag: talker.db3 }\nnodes:\n  - script: ${listener}\n    remap: { chatter: /topic }\n`);
    refused(
      rclsim(['run', heard], repoRoot),
      bag,
      /: topic \/topic: the message received at 1585866235612975047 cannot be read as std_msgs\/msg\/String \(corrupt CDR\?\): /,
    );
    const unheard = writeTemp(join(bag, '..'), 'unheard.yaml', 'play: { bag: talker.db3 }\n');
    assert.equal(rclsim(['run', unheard, '--quiet'], repoRoot).status, 0);
  });

  it('a sqlite3 bag’s messages whose topic_id names no topic are skipped, as rosbag2’s join with topics skips them', () => {
    const bag = sqliteBag('UPDATE messages SET topic_id = NULL WHERE id = 1; UPDATE messages SET topic_id = 99 WHERE id = 3');
    const info = rclsim(['bag', 'info', bag, '--json'], repoRoot);
    assert.equal(info.status, 0, info.stderr);
    const json = JSON.parse(info.stdout) as { messageCount: string; startTime: string; topics: { name: string; messageCount: string }[] };
    assert.equal(json.messageCount, '18');
    assert.equal(json.startTime, '1585866235112609068', 'the first message of a known topic');
    assert.deepEqual(
      json.topics.map((t) => [t.name, t.messageCount]),
      [
        ['/rosout', '8'],
        ['/parameter_events', '0'],
        ['/topic', '10'],
      ],
    );
    const job = writeTemp(join(bag, '..'), 'job.yaml', 'play: { bag: talker.db3 }\n');
    const run = rclsim(['run', job, '--json', '--quiet'], repoRoot);
    assert.equal(run.status, 0, run.stderr);
  });

  it('a FIFO, a device or a socket as a bag, a bag’s file or its metadata.yaml: “not a regular file”, exit 2', async () => {
    const dir = tempDir();
    const fifo = mkfifo(join(dir, 'fifo.mcap'));
    const fifoDb3 = mkfifo(join(dir, 'fifo.db3'));
    const zero = join(dir, 'zero.mcap');
    symlinkSync('/dev/zero', zero);
    const urandom = join(dir, 'urandom.db3');
    symlinkSync('/dev/urandom', urandom);
    const socket = join(dir, 'socket.mcap');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      const kinds: [string, string][] = [
        [fifo, 'a FIFO'],
        [fifoDb3, 'a FIFO'],
        [zero, 'a character device'],
        ['/dev/zero', 'a character device'],
        [urandom, 'a character device'],
        [socket, 'a socket'],
      ];
      for (const [path, kind] of kinds) {
        const problem = new RegExp(`: not a regular file \\(${kind}\\)$`);
        refused(rclsim(['bag', 'info', path], dir), path, problem);
        const job = writeTemp(dir, 'job.yaml', `play: { bag: ${path} }\n`);
        refused(rclsim(['run', job], dir), path, problem);
      }
    } finally {
      server.close();
    }
    refused(rclsim(['bag', 'recover', fifo], dir), fifo, /: not a regular file \(a FIFO\)$/);

    // A bag directory whose listed file, or whose metadata.yaml, is a FIFO.
    const listed = join(dir, 'listed');
    mkdirSync(listed);
    copyFileSync(join(fixtures, 'mcap-talker/metadata.yaml'), join(listed, 'metadata.yaml'));
    mkfifo(join(listed, 'talker.mcap'));
    writeTemp(dir, 'listed.yaml', 'play: { bag: listed }\n');
    refused(rclsim(['run', 'listed.yaml'], dir), join(listed, 'talker.mcap'), /: not a regular file \(a FIFO\)$/);
    const piped = join(dir, 'piped');
    mkdirSync(piped);
    mkfifo(join(piped, 'metadata.yaml'));
    refused(rclsim(['bag', 'info', piped], dir), join(piped, 'metadata.yaml'), /: not a regular file \(a FIFO\)$/);
    writeTemp(dir, 'piped.yaml', 'play: { bag: piped }\n');
    refused(rclsim(['run', 'piped.yaml'], dir), join(piped, 'metadata.yaml'), /: not a regular file \(a FIFO\)$/);
  });

  it('a recording onto a FIFO or a device cannot be written: one line, exit 74, before the run', () => {
    const dir = tempDir();
    const talker = join(fixtures, 'mcap-talker/talker.mcap');
    const fifo = mkfifo(join(dir, 'fifo.mcap'));
    const devNull = join(dir, 'null.mcap');
    symlinkSync('/dev/null', devNull);
    const out = join(dir, 'out');
    mkdirSync(out);
    const outFile = mkfifo(join(out, 'out_0.mcap'));
    const yamlOut = join(dir, 'yaml_out');
    mkdirSync(yamlOut);
    const metadata = mkfifo(join(yamlOut, 'metadata.yaml'));
    const cases: [string, string, string][] = [
      ['fifo.mcap', fifo, 'a FIFO'],
      ['null.mcap', devNull, 'a character device'],
      ['out', outFile, 'a FIFO'],
      ['yaml_out', metadata, 'a FIFO'],
    ];
    for (const [path, file, kind] of cases) {
      const job = writeTemp(dir, 'job.yaml', `play: { bag: ${talker} }\nrecord: { path: ${path} }\n`);
      const result = rclsim(['run', job], dir);
      refused(result, `cannot write ${file}`, new RegExp(`: not a regular file \\(${kind}\\)$`), 74);
    }
  });
});
