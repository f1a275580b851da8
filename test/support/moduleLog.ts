import { register } from 'node:module';

// Given to node with --import (NODE_OPTIONS): every module loaded after it is logged (moduleLogHooks.ts).
register('./moduleLogHooks.js', import.meta.url);
