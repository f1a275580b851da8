// Build step (npm run build, after tsc): the job file's validators as ajv standalone code, so a
// run does not compile the schema when it starts.
import { writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { playEntry, recordEntry, schema } from '../dist/src/job/jobSchema.js';

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true, code: { source: true, esm: true } });
ajv.addSchema(schema, 'job');
ajv.addSchema(playEntry, 'play');
ajv.addSchema(recordEntry, 'record');
const code = standaloneCode(ajv, { validateJob: 'job', validatePlay: 'play', validateRecord: 'record' });
// The generated module still calls require() for ajv's runtime helpers (ucs2length for minLength).
const header = "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n";
writeFileSync(new URL('../dist/src/job/jobValidators.js', import.meta.url), header + code.replace(/^"use strict";/, ''));
