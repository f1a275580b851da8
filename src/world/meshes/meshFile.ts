import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { describeThrown } from '../../base/describeThrown.js';
import { notRegularFile } from '../../base/regularFile.js';
import { XmlError } from '../../base/xmlReader.js';
import { WorldInputError } from '../WorldInputError.js';
import { readCollada } from './colladaFile.js';
import { readObj } from './objFile.js';
import { readStl } from './stlFile.js';
import { MeshContentError, type TriangleMesh } from './TriangleMesh.js';

const READERS: Record<string, (bytes: Uint8Array) => TriangleMesh> = {
  '.stl': readStl,
  '.dae': (bytes) => readCollada(new TextDecoder().decode(bytes)),
  '.obj': (bytes) => readObj(new TextDecoder().decode(bytes)),
};

/**
 * The mesh in the file at `path`, read by its extension (`.stl`, `.dae`, `.obj`, in any case).
 * Anything that stops it — another extension, a missing file, bad content — throws an Error of
 * one line naming the file, and the line or byte where it applies. Nothing is cached: a
 * 50,000-triangle Collada file (3.8 MB) reads in about 0.2 s, and a world reads each once.
 */
export function readMeshFile(path: string): TriangleMesh {
  const reader = READERS[extname(path).toLowerCase()];
  if (reader === undefined) throw new WorldInputError(`${path}: not a mesh file rclsim reads (.stl, .dae or .obj)`);
  const problem = notRegularFile(path);
  if (problem !== undefined) throw new WorldInputError(`${path}: ${problem}`);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (thrown) {
    const missing = (thrown as NodeJS.ErrnoException).code === 'ENOENT';
    throw new WorldInputError(`${path}: ${missing ? 'no such file' : describeThrown(thrown)}`);
  }
  try {
    return reader(bytes);
  } catch (thrown) {
    if (thrown instanceof MeshContentError) throw new WorldInputError(`${path}: ${thrown.at === undefined ? '' : `${thrown.at}: `}${thrown.message}`);
    if (thrown instanceof XmlError) throw new WorldInputError(`${path}: ${thrown.message}`);
    throw thrown;
  }
}
