#!/usr/bin/env node
import { discardRunThread, startRunThreadEarly } from './runThread.js';

// The command line is read by commander, which takes a while to load: a run's thread starts first.
startRunThreadEarly(process.argv[2]);
try {
  await import('./commandLine.js');
} finally {
  await discardRunThread();
}
