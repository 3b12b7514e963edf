#!/usr/bin/env node
/** hx: the operator CLI of the Hx memory platform, built on the SDK (and the server for serve, worker, migrate). */
import { run } from './program.js';

run(process.argv).then((code) => {
  process.exitCode = code;
});
