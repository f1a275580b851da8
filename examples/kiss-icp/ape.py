#!/usr/bin/env python3
"""KISS-ICP's APE against the ground truth, from one MCAP file that holds both topics.

    python3 ape.py odometry/odometry_0.mcap [/ground_truth /kiss/odometry]

As evo_ape computes it by default with -a: the estimate's poses associated with the reference's by
header stamp (|dt| <= 0.01 s, evo's t_max_diff), the estimate aligned by Umeyama's SE(3) least
squares (rotation and translation, no scale), the error of the translation part, its RMSE. Also
printed: the APE with the first poses aligned (evo's --align_origin) and a SHA-256 of each topic's
CDR messages in order: the odometry's bits. Reads MCAP chunks uncompressed (rclsim's recorder
without compression) or zstd's (rosbag2's zstd presets, which rslcpp's recorder asks for); needs
numpy, and the zstandard package for zstd chunks.
"""

import hashlib
import struct
import sys

import numpy as np


def records(data, start, end):
    """(opcode, body) of each MCAP record in data[start:end]."""
    while start + 9 <= end:
        opcode = data[start]
        (length,) = struct.unpack_from('<Q', data, start + 1)
        yield opcode, data[start + 9 : start + 9 + length]
        start += 9 + length


def decompressed(path, compression, chunk, size):
    """A chunk's records: as they are, or zstd's (rosbag2's zstd_fast and zstd_small presets)."""
    if compression == '':
        return chunk
    if compression != 'zstd':
        sys.exit(f'{path}: {compression} chunks; record without compression or with zstd')
    try:
        import zstandard
    except ImportError:
        sys.exit(f'{path}: zstd chunks need the zstandard package (pip install zstandard)')
    return zstandard.ZstdDecompressor().decompress(bytes(chunk), max_output_size=size)


def mcap_messages(path):
    """(topic, CDR bytes) of each message, in file order."""
    data = open(path, 'rb').read()
    channels = {}

    def walk(buffer, start, end):
        for opcode, body in records(buffer, start, end):
            if opcode == 0x04:  # Channel: id, schema id, topic
                channel_id, _schema, topic_length = struct.unpack_from('<HHI', body)
                channels[channel_id] = bytes(body[8 : 8 + topic_length]).decode()
            elif opcode == 0x05:  # Message: channel id, sequence, log time, publish time, data
                (channel_id,) = struct.unpack_from('<H', body)
                yield channels[channel_id], bytes(body[22:])
            elif opcode == 0x06:  # Chunk: start, end, size, CRC, compression, records' length, records
                (size,) = struct.unpack_from('<Q', body, 16)
                (compression_length,) = struct.unpack_from('<I', body, 28)
                compression = bytes(body[32 : 32 + compression_length]).decode()
                chunk = body[32 + compression_length + 8 :]
                yield from walk(decompressed(path, compression, chunk, size), 0, size)
            elif opcode == 0x0F:  # DataEnd: the summary follows
                return

    yield from walk(data, 8, len(data))


def odometry_pose(cdr):
    """Stamp and pose of a nav_msgs/Odometry (little-endian CDR after its 4-byte header)."""
    body = cdr[4:]
    sec, nanosec, length = struct.unpack_from('<iII', body, 0)
    offset = 12 + length
    offset += -offset % 4
    (length,) = struct.unpack_from('<I', body, offset)
    offset += 4 + length
    offset += -offset % 8
    pose = struct.unpack_from('<7d', body, offset)
    return sec + nanosec * 1e-9, np.array(pose[:3]), np.array(pose[3:])


def associate(t_ref, t_est, max_diff=0.01):
    pairs = []
    for j, t in enumerate(t_est):
        i = int(np.argmin(np.abs(t_ref - t)))
        if abs(t_ref[i] - t) <= max_diff:
            pairs.append((i, j))
    return np.array(pairs)


def umeyama_se3(model, data):
    """R, t minimizing the sum of ||model - (R data + t)||^2 (Umeyama 1991, no scale)."""
    mu_m, mu_d = model.mean(0), data.mean(0)
    u, _, vt = np.linalg.svd((model - mu_m).T @ (data - mu_d) / len(model))
    s = np.eye(3)
    if np.linalg.det(u) * np.linalg.det(vt) < 0:
        s[2, 2] = -1
    r = u @ s @ vt
    return r, mu_m - r @ mu_d


def rotation(q):
    x, y, z, w = q
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )


def summary(err):
    return f'RMSE {np.sqrt(np.mean(err**2)):.4f} m, mean {err.mean():.4f} m, max {err.max():.4f} m, {len(err)} poses'


def main():
    path = sys.argv[1]
    reference, estimate = sys.argv[2:4] if len(sys.argv) >= 4 else ('/ground_truth', '/kiss/odometry')
    poses = {reference: [], estimate: []}
    hashes = {reference: hashlib.sha256(), estimate: hashlib.sha256()}
    for topic, cdr in mcap_messages(path):
        if topic in poses:
            poses[topic].append(odometry_pose(cdr))
            hashes[topic].update(cdr)
    for topic in poses:
        print(f'{topic}: {len(poses[topic])} messages, sha256 {hashes[topic].hexdigest()}')
    t_ref = np.array([p[0] for p in poses[reference]])
    t_est = np.array([p[0] for p in poses[estimate]])
    pairs = associate(t_ref, t_est)
    ref = np.array([poses[reference][i][1] for i, _ in pairs])
    est = np.array([poses[estimate][j][1] for _, j in pairs])
    r, t = umeyama_se3(ref, est)
    print('APE (translation, SE(3) Umeyama alignment, evo_ape -a):', summary(np.linalg.norm(ref - (est @ r.T + t), axis=1)))
    i0, j0 = pairs[0]
    r0 = rotation(poses[reference][i0][2]) @ rotation(poses[estimate][j0][2]).T
    t0 = poses[reference][i0][1] - r0 @ poses[estimate][j0][1]
    print('APE (translation, first poses aligned, --align_origin):', summary(np.linalg.norm(ref - (est @ r0.T + t0), axis=1)))


if __name__ == '__main__':
    main()
