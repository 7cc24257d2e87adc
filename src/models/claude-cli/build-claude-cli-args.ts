/**
 * Which kind of `claude -p` run: a chat turn that starts a session under a given uuid, one that resumes it, the
 * fallback that answers from the history in the prompt and saves nothing, or the one-shot extraction call.
 */
export type ClaudeCliRun =
  | { kind: 'new-handle'; uuid: string }
  | { kind: 'resume'; uuid: string }
  | { kind: 'fallback' }
  | { kind: 'extraction' };

export interface ClaudeCliArgsOptions {
  model?: string | undefined;
  /** The system prompt; none is passed when empty. */
  system: string;
  /** The caller's own flags, last. */
  extraArgs: readonly string[];
}

// `--verbose` is not decoration: in print mode the CLI refuses `--output-format stream-json` without it.
const PRINT_STREAM_JSON = ['-p', '--output-format', 'stream-json', '--verbose'];

/**
 * The argv of a run (the prompt goes on stdin, so no positional argument follows, which also keeps the variadic
 * `--tools` from swallowing one). Chat runs append memstack's system prompt to the CLI's own (`--append-system-prompt`)
 * on every call, resumed or not, because the CLI does not keep it in the transcript; the extraction run replaces the
 * CLI's agent prompt (`--system-prompt`) since it has no tools and needs none of it.
 */
export function buildClaudeCliArgs(run: ClaudeCliRun, options: ClaudeCliArgsOptions): string[] {
  const model = options.model ? ['--model', options.model] : [];
  if (run.kind === 'extraction') {
    return [
      ...PRINT_STREAM_JSON,
      '--max-turns',
      '1',
      '--no-session-persistence',
      '--tools',
      '',
      ...model,
      ...(options.system === '' ? [] : ['--system-prompt', options.system]),
      ...options.extraArgs,
    ];
  }
  const session =
    run.kind === 'new-handle'
      ? ['--session-id', run.uuid]
      : run.kind === 'resume'
        ? ['--resume', run.uuid]
        : ['--no-session-persistence'];
  return [
    ...PRINT_STREAM_JSON,
    ...session,
    ...model,
    ...(options.system === '' ? [] : ['--append-system-prompt', options.system]),
    ...options.extraArgs,
  ];
}
