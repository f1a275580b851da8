#!/usr/bin/env node
import { dropOutputOfGoneReaders } from './goneReaders.js';
import { discardRunThread, startRunThreadEarly } from './run/runThread.js';

// Before anything is written.
dropOutputOfGoneReaders();
// The command line is read by commander, which takes a while to load: a run's thread starts first.
startRunThreadEarly(process.argv[2]);
try {
  await import('./commandLine.js');
} finally {
  await discardRunThread();
}
