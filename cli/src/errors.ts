/**
 * The CLI's own failures and its exit codes: 0 success, 1 an operation failed (API, network, bad
 * data), 2 the command line was wrong (unknown flag, missing argument, a secret on argv).
 */
export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_USAGE = 2;

/** The command line itself is wrong: exit code 2, reported with the command's usage hint. */
export class UsageError extends Error {
  readonly code = 'usage_error';
}

/** The server this CLI talks to has no route for the operation yet (an older or newer deployment). */
export class NotSupportedError extends Error {
  readonly code = 'not_supported';
}

/** The operation ran and failed for a reason that is not an API error (bad file, failed job). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code = 'cli_error',
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}
