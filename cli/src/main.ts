#!/usr/bin/env node
/** hx: the operator CLI of the Hx memory platform, built on the SDK (and the server for serve, worker, migrate). */
import { run } from './program.js';

// `hx ... | head`: the reader has what it wanted and closed the pipe. Stop quietly, as a Unix tool
// does, instead of crashing on the unhandled EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

run(process.argv).then((code) => {
  process.exitCode = code;
});
