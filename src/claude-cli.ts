// `memstack/claude-cli`: the `claude` command as a model (a child process; no SDK needed).

export { type ClaudeCliModelOptions, claudeCliModel } from './models/claude-cli/claude-cli-model.js';
