// `memstack/anthropic`: Claude through the Anthropic API. Needs the optional peer dependency `@anthropic-ai/sdk`.

export { type AnthropicModelOptions, anthropicModel } from './models/anthropic/anthropic-model.js';
