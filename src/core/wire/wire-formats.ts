import type { WireFormat, WireFormatName } from '../../spec/wire-format.js';
import { anthropicFormat } from './anthropic/anthropic-format.js';
import { openaiChatFormat } from './openai-chat/openai-chat-format.js';
import { responsesFormat } from './openai-responses/responses-format.js';

/** Every wire format memstack reads, by the name `decorate` takes (decision 29). A new format is one more row. */
export const wireFormats: Readonly<Record<WireFormatName, WireFormat>> = {
  anthropic: anthropicFormat as WireFormat,
  openai: openaiChatFormat as WireFormat,
  'openai-responses': responsesFormat as WireFormat,
};

/** The format of a `decorate` input that names none (its overload without `format`). */
export const DEFAULT_WIRE_FORMAT: WireFormatName = 'anthropic';

/** Whether `name` is a row of `wireFormats`, read at call time (a stored request names its format as text). */
export const isWireFormatName = (name: string): name is WireFormatName => Object.hasOwn(wireFormats, name);
