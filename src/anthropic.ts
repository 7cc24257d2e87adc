// `memstack/anthropic`: Claude through the Anthropic API. Needs the optional peer dependency `@anthropic-ai/sdk`.

export { type AnthropicModelOptions, anthropicModel } from './models/anthropic/anthropic-model.js';
/** A Messages API `usage` (a message's, or a stream's reports in order) as memstack's `Usage`, for `record`. */
export { mapAnthropicUsage as fromAnthropicUsage } from './models/anthropic/map-anthropic-usage.js';
