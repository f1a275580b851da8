import type { ValidateFunction } from 'ajv';
import type { Node as YamlNode } from 'yaml';
import { readRegularFile } from '../base/regularFile.js';
import { parseYamlSource, type YamlSource } from '../sim/yamlSource.js';
import { plainValues } from './plainValues.js';

/** A YAML (or JSON) file a user wrote, as plain values, with errors that name its line and field. */
export interface YamlFile {
  source: YamlSource;
  data: unknown;
  /** Throws `file:line: field: message` for the value at `location` (the whole file for []). */
  fail(location: (string | number)[], message: string): never;
  /** Checks the data against a schema validator; its first error fails as `fail` does. */
  check(validate: ValidateFunction): void;
}

/** Reads a YAML file (`what` names it in a read error); every error is thrown as `makeError(line)`. */
export function readYamlFile(path: string, what: string, makeError: (message: string) => Error): YamlFile {
  let text: string;
  try {
    text = readRegularFile(path);
  } catch (error) {
    throw makeError(`${path}: cannot read ${what} (${(error as Error).message})`);
  }
  const source = parseYamlSource(text, path, makeError);
  const data = plainValues(source.doc);
  const fail = (location: (string | number)[], message: string): never => {
    const node = (location.length === 0 ? source.doc.contents : source.doc.getIn(location, true)) as YamlNode | undefined;
    const field = location.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
    throw makeError(`${source.lineOf(node ?? source.doc.contents)}: ${field === '' ? '' : `${field}: `}${message}`);
  };
  const check = (validate: ValidateFunction): void => {
    if (validate(data)) return;
    const error = validate.errors![0]!;
    const location = error.instancePath
      .split('/')
      .slice(1)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const detail =
      error.keyword === 'required'
        ? `missing '${String(error.params.missingProperty)}'`
        : error.keyword === 'additionalProperties'
          ? `unknown key '${String(error.params.additionalProperty)}'`
          : (error.message ?? 'is not valid');
    fail(location, detail);
  };
  return { source, data, fail, check };
}
