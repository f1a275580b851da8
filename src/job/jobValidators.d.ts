// Generated at build time from jobSchema.ts by scripts/jobValidators.mjs (ajv's standalone code).
import type { ValidateFunction } from 'ajv';

export declare const validateJob: ValidateFunction;
export declare const validatePlay: ValidateFunction;
export declare const validateRecord: ValidateFunction;
